import { isPlainObject } from '../../domain/merge.js';
import { asData } from '../../domain/product-document.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { slugify } from '../../domain/slug.js';
import type { ProductRecord } from '../../storage/products-repository.js';
import type { Caller, Services } from '../context.js';
import { runHooks } from '../hooks.js';
import { planRow, writeRow, type ImportRowInput, type RowOutcome } from './import-row.js';
import { writeRefusal } from './persist-product.js';

/** New products written together: one transaction, one commit and one cache invalidation each. */
const BATCH_ROWS = 100;

interface Pending {
  input: ImportRowInput;
  record: ProductRecord;
  doc: ProductDoc;
  explicitSlug: boolean;
  settle: (outcome: Promise<RowOutcome>) => void;
}

const hasExplicitSlug = (body: ImportRowInput['body']): boolean => isPlainObject(body.settings) && typeof body.settings.slug === 'string';

/** The slugified name a row without an explicit slug derives its slug from, as the file gives it. */
function derivedBase(input: ImportRowInput): string | undefined {
  const { basic } = input.body;
  if (hasExplicitSlug(input.body) || !isPlainObject(basic) || typeof basic.product_name !== 'string') return undefined;
  return slugify(basic.product_name);
}

/** A row's outcome now, or (a new product waiting for its batch) a promise of it. */
export type Written = RowOutcome | { later: Promise<RowOutcome> };

/**
 * The writes of a real, non-atomic import. Each row is checked in file order as writeRow
 * checks it (planRow: access, hooks, rules, owner, terms, slugs); a new product that passes is
 * kept, and written with the ones before it in one transaction (ProductsRepository.insertBatch,
 * a savepoint each, so a failing row takes no other down), and its afterChange hooks run once
 * it is committed, in order. A row that would see what the batch writes first has it written:
 * one replacing a stored product (written by writeRow), one whose derived slug a kept row took.
 * A kept row's explicit slug is checked against the slugs of the batch (a later row naming it
 * is a 409, as it would be once the earlier row is stored). Each product's write is the one
 * POST /api/products/:id makes, but its body is not rendered and kept for reads: no reader
 * asked for it.
 */
export class BatchedImportWrites {
  private batch: Pending[] = [];
  /** The slugs the batch's products take, by product id. */
  private slugs = new Map<string, string>();
  /** What the batch's products without an explicit slug derived theirs from (their names, slugified). */
  private bases = new Set<string>();

  constructor(
    private readonly services: Services,
    private readonly caller: Caller,
  ) {}

  async write(input: ImportRowInput): Promise<Written> {
    if (input.mode === 'upsert' && input.id !== undefined && (await this.services.storage.products.exists(input.id))) {
      await this.flush();
      return writeRow(this.services, this.caller, input);
    }
    // A name a kept row derived its slug from: written first, so that this row numbers after it (its hooks run once).
    const base = derivedBase(input);
    if (base !== undefined && this.bases.has(base)) await this.flush();
    let kept = await this.plan(input);
    if (!kept.explicitSlug && this.slugs.has(kept.doc.settings.slug)) {
      // A hook changed the name, or an explicit slug of the batch has the form `name-N`.
      await this.flush();
      kept = await this.plan(input);
    }
    const outcome = new Promise<RowOutcome>((resolve) => this.batch.push({ ...kept, input, settle: resolve }));
    // Its failure is reported by whoever awaits it, which may be after the batch is written.
    outcome.catch(() => undefined);
    this.slugs.set(kept.doc.settings.slug, kept.doc.id);
    if (base !== undefined) this.bases.add(base);
    if (this.batch.length >= BATCH_ROWS) await this.flush();
    return { later: outcome };
  }

  private async plan(input: ImportRowInput): Promise<Omit<Pending, 'input' | 'settle'>> {
    let kept: { record: ProductRecord; doc: ProductDoc } | undefined;
    await planRow(this.services, this.caller, input, this.slugs, (record, doc) => (kept = { record, doc }));
    // planRow keeps what it would store of every new product that passes its checks, and throws otherwise.
    if (!kept) throw new Error('an import row was planned as created but nothing was kept to write');
    return { ...kept, explicitSlug: hasExplicitSlug(input.body) };
  }

  /** Writes the kept rows; each one's outcome settles after its commit and its hooks. */
  async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    this.slugs = new Map();
    this.bases = new Set();
    if (batch.length === 0) return;
    let failures: unknown[];
    try {
      failures = await this.services.storage.products.insertBatch(batch.map((pending) => pending.record));
    } catch (error) {
      for (const pending of batch) pending.settle(Promise.reject(error));
      return;
    }
    const hooks = this.services.config.hooks.products.afterChange;
    for (const [index, pending] of batch.entries()) {
      const failure = failures[index];
      if (failure === undefined) {
        const done = runHooks(hooks, { doc: asData(pending.doc), operation: 'create' as const, user: this.caller.user }).then((): RowOutcome => ({ status: 'created', id: pending.doc.id }));
        pending.settle(done);
        await done.catch(() => undefined);
        continue;
      }
      const refusal = writeRefusal(failure, pending.doc, pending.explicitSlug);
      // A derived slug another writer took meanwhile: written alone, renumbered as any create is.
      const rewritten = refusal === undefined ? writeRow(this.services, this.caller, pending.input) : Promise.reject(refusal);
      pending.settle(rewritten);
      await rewritten.catch(() => undefined);
    }
  }
}
