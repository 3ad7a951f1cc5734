import { Type } from '@sinclair/typebox';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../auth/passwords.js';
import { ID_PATTERN } from './ids.js';

/** A rents account as clients send it (SPEC section 4). E-mails are compared lower-cased. */

export const EMAIL_PATTERN = '^[^\\s@]{1,64}@[^\\s@]+\\.[^\\s@]{1,63}$';
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const short = (description?: string) => Type.String({ maxLength: 200, ...(description ? { description } : {}) });

export const TermSchema = Type.Object(
  { id: Type.Optional(Type.String({ pattern: ID_PATTERN.source, errorMessage: 'Must be 1–64 letters, digits, `_` or `-`.', description: 'Generated when absent.' })) },
  { additionalProperties: true },
);

const profileFields = {
  rentNameSystem: Type.String({ minLength: 1, maxLength: 200, description: "The rental business's name." }),
  basic: Type.Object(
    {
      rentalName: Type.Optional(short()),
      rentalContactPerson: Type.Optional(short()),
      rentalPhone: Type.Optional(short()),
      rentalEmail: Type.Optional(short()),
    },
    { additionalProperties: false },
  ),
  terms: Type.Object({ termsArray: Type.Optional(Type.Array(TermSchema, { maxItems: 200 })) }, { additionalProperties: false }),
  invoices: Type.Object({}, { additionalProperties: true }),
  roles: Type.Array(Type.Unsafe<string>({ type: 'string', enum: ['admin'] }), { maxItems: 1, description: 'Admins only.' }),
};

const credentials = {
  email: Type.String({ maxLength: 254, pattern: EMAIL_PATTERN, errorMessage: 'Must be an e-mail address.', description: 'Login e-mail; unique, case-insensitive.' }),
  password: Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH }),
};

export const AccountCreateSchema = Type.Object(
  {
    ...credentials,
    rentNameSystem: profileFields.rentNameSystem,
    basic: Type.Optional(profileFields.basic),
    terms: Type.Optional(profileFields.terms),
    invoices: Type.Optional(profileFields.invoices),
    roles: Type.Optional(profileFields.roles),
  },
  { additionalProperties: false },
);

export const AccountUpdateSchema = Type.Object(
  {
    email: Type.Optional(credentials.email),
    password: Type.Optional(credentials.password),
    currentPassword: Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH })),
    rentNameSystem: Type.Optional(profileFields.rentNameSystem),
    basic: Type.Optional(profileFields.basic),
    terms: Type.Optional(profileFields.terms),
    invoices: Type.Optional(profileFields.invoices),
    roles: Type.Optional(profileFields.roles),
  },
  { additionalProperties: false },
);

export const LoginSchema = Type.Object({
  email: Type.String({ maxLength: 1000 }),
  password: Type.String({ maxLength: MAX_PASSWORD_LENGTH }),
});

export const UnlockSchema = Type.Object(
  { email: Type.String({ maxLength: 1000, description: 'The login e-mail of the account to unlock.' }) },
  { additionalProperties: false },
);

export const ForgotPasswordSchema = Type.Object(
  { email: Type.String({ maxLength: 1000, description: 'The login e-mail of the account whose password is forgotten.' }) },
  { additionalProperties: false },
);

export const ResetPasswordSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The token the afterForgotPassword hook delivered.' }),
    password: credentials.password,
  },
  { additionalProperties: false },
);

/** A new password on its own (the command line's users:set-password). */
export const NewPasswordSchema = Type.Object({ password: credentials.password }, { additionalProperties: false });
