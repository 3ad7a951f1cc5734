import { Type } from '@sinclair/typebox';

export const PublicProfileSchema = Type.Object(
  {
    id: Type.String(),
    rentNameSystem: Type.String(),
    basic: Type.Object({
      rentalName: Type.Optional(Type.String()),
      rentalContactPerson: Type.Optional(Type.String()),
      rentalPhone: Type.Optional(Type.String()),
      rentalEmail: Type.Optional(Type.String()),
    }),
    terms: Type.Object({ termsArray: Type.Array(Type.Object({ id: Type.String() }, { additionalProperties: true })) }),
    invoices: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { $id: 'PublicProfile', description: "A rents account's public profile." },
);

const SessionUser = Type.Object({ id: Type.String(), email: Type.String(), rentNameSystem: Type.String() });

export const LoginResponseSchema = Type.Object({ message: Type.String(), user: SessionUser, token: Type.String(), exp: Type.Integer({ description: 'UNIX seconds' }) });
const MeUser = Type.Composite([
  SessionUser,
  Type.Object({ roles: Type.Optional(Type.Array(Type.String(), { description: 'Only with `?roles=true`: `["admin"]` or empty.' })) }),
]);
export const MeResponseSchema = Type.Object({
  user: Type.Union([MeUser, Type.Null()]),
  exp: Type.Optional(Type.Integer()),
  collection: Type.Optional(Type.Literal('rents')),
});
export const RefreshResponseSchema = Type.Object({
  message: Type.String(),
  token: Type.String(),
  refreshedToken: Type.String({ description: 'The same as token, for Payload clients.' }),
  exp: Type.Integer(),
  user: Type.Object({ id: Type.String(), email: Type.String() }),
});
export const MessageSchema = Type.Object({ message: Type.String() });
