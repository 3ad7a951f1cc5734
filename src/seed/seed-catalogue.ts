import sharp from 'sharp';
import { userOfRow } from '../auth/sessions.js';
import type { ProductValidator } from '../domain/product-validation.js';
import { asData, withoutServerFields } from '../domain/product-document.js';
import { ValidationError } from '../errors/api-error.js';
import { createAccount } from '../operations/rents/accounts.js';
import { uploadMedia } from '../operations/media/upload-media.js';
import type { Services } from '../operations/context.js';
import { toRecord } from '../storage/product-record.js';
import { BUSINESSES, TERMS } from './catalogue-data.js';
import { generateProduct, type ProductShape, type SeedOwner } from './generate-products.js';
import { Random } from './random.js';
import { seedBookings } from './seed-bookings.js';

export const DEMO_PASSWORD = 'demo-password';

export type SeedServices = Pick<Services, 'config' | 'storage' | 'productValidator' | 'mediaStore'>;

export interface SeedOptions {
  products: number;
  owners: number;
  mediaImages: number;
  shape: ProductShape;
  seed?: number;
  /** Validate every generated product against the contract before writing it. */
  validate?: boolean;
  onProgress?: (written: number) => void;
  /** Customers' bookings of every status on a few published products (the demo). */
  bookings?: boolean;
}

export interface SeedResult {
  owners: (SeedOwner & { email: string; name: string })[];
  products: number;
  /** Ids of the products written, in order. */
  productIds: string[];
  /** Ids of the published ones. */
  publishedIds: string[];
  /** Ids of the images uploaded, which galleries name. */
  mediaIds: string[];
  demoLogin: { email: string; password: string };
  /** How many bookings of each status were made. */
  bookings: Record<string, number>;
}

const BATCH = 1000;

async function demoImage(rng: Random, index: number): Promise<Buffer> {
  const colour = () => rng.int(40, 220);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="rgb(${colour()},${colour()},${colour()})"/><stop offset="1" stop-color="rgb(${colour()},${colour()},${colour()})"/>
    </linearGradient></defs>
    <rect width="640" height="480" fill="url(#g)"/>
    <circle cx="${rng.int(150, 490)}" cy="${rng.int(120, 360)}" r="${rng.int(40, 110)}" fill="rgba(255,255,255,0.35)"/>
    <text x="32" y="448" font-family="sans-serif" font-size="40" fill="white">Foto ${index + 1}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Fills an empty database with rental businesses, images and products. Products are written
 * in bulk transactions of a thousand, not one request each.
 */
export async function seedCatalogue(services: SeedServices, options: SeedOptions): Promise<SeedResult> {
  const { storage } = services;
  if ((await storage.products.count({})) > 0) throw new Error('The database already has products; seed:demo fills an empty one.');
  const rng = new Random(options.seed ?? 20261121);
  const owners: (SeedOwner & { email: string; name: string })[] = [];
  for (let i = 0; i < options.owners; i++) {
    const business = BUSINESSES[i % BUSINESSES.length] as (typeof BUSINESSES)[number];
    const name = i < BUSINESSES.length ? business.name : `${business.name} ${Math.floor(i / BUSINESSES.length) + 1}`;
    const email = `demo${i + 1}@example.com`;
    const profile = await createAccount(services, 'system', {
      email,
      password: DEMO_PASSWORD,
      rentNameSystem: name,
      basic: { rentalName: name, rentalContactPerson: business.person, rentalPhone: `+420 7${String(rng.int(10_000_000, 99_999_999))}`, rentalEmail: `info${i + 1}@example.com` },
      terms: { termsArray: TERMS.map((term) => ({ ...term })) },
      invoices: { iban: `CZ65 0800 0000 19${String(rng.int(10_000_000, 99_999_999))}` },
      ...(i === 0 ? { roles: ['admin'] } : {}),
    });
    owners.push({ id: profile.id, termIds: profile.terms.termsArray.map((term) => term.id), email, name });
  }

  const mediaIds: string[] = [];
  const firstOwner = owners[0] ? await storage.rents.get(owners[0].id) : undefined;
  if (firstOwner) {
    for (let i = 0; i < options.mediaImages; i++) {
      const doc = await uploadMedia(services, { user: userOfRow(firstOwner) }, { bytes: await demoImage(rng, i), originalName: `foto-${i + 1}.jpg`, alt: `Foto ${i + 1}` });
      mediaIds.push(doc.id);
    }
  }

  const now = Date.now();
  const productIds: string[] = [];
  const publishedIds: string[] = [];
  for (let start = 0; start < options.products; start += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, options.products - start) }, (_, offset) => {
      const index = start + offset;
      return generateProduct(rng, index, owners[index % owners.length] as SeedOwner, mediaIds, options.shape, now);
    });
    if (options.validate) validateAll(services.productValidator, docs.map((doc) => withoutServerFields(asData(doc))));
    await storage.products.insertMany(docs.map((doc) => toRecord(doc)));
    productIds.push(...docs.map((doc) => doc.id));
    publishedIds.push(...docs.filter((doc) => doc.settings.published).map((doc) => doc.id));
    options.onProgress?.(start + docs.length);
  }
  const bookings = options.bookings ? await seedBookings(services, publishedIds) : {};
  return { owners, products: options.products, productIds, publishedIds, mediaIds, demoLogin: { email: owners[0]?.email ?? '', password: DEMO_PASSWORD }, bookings };
}

function validateAll(validator: ProductValidator, docs: Record<string, unknown>[]): void {
  for (const doc of docs) {
    const errors = validator.check(doc);
    if (errors.length > 0) throw new ValidationError(errors);
  }
}

/** The demo catalogue: a few hundred products of six businesses across Czech towns. */
export const DEMO_OPTIONS: SeedOptions = {
  products: 300,
  owners: 6,
  mediaImages: 24,
  validate: true,
  bookings: true,
  shape: { descriptionLength: 400, galleryImages: 4, reservations: 3, publishedShare: 0.8, varied: true, rulesShare: 0.5 },
};

