import type { RentRow } from '../../storage/rents-repository.js';

/** The public face of a rents account, as `depth=1` and `GET /api/rents/:id` show it. */
export interface PublicProfile {
  id: string;
  rentNameSystem: string;
  basic: { rentalName?: string; rentalContactPerson?: string; rentalPhone?: string; rentalEmail?: string };
  terms: { termsArray: { id: string; [key: string]: unknown }[] };
  invoices?: Record<string, unknown>;
}

interface StoredProfile {
  basic?: PublicProfile['basic'];
  terms?: { termsArray?: PublicProfile['terms']['termsArray'] };
  invoices?: Record<string, unknown>;
}

export function publicProfile(id: string, rentNameSystem: string, profileJson: string): PublicProfile {
  const stored = JSON.parse(profileJson) as StoredProfile;
  return {
    id,
    rentNameSystem,
    basic: stored.basic ?? {},
    terms: { termsArray: stored.terms?.termsArray ?? [] },
    ...(stored.invoices ? { invoices: stored.invoices } : {}),
  };
}

export const profileOfRow = (row: RentRow): PublicProfile => publicProfile(row.id, row.rent_name_system, row.profile);
