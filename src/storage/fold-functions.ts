import { FOLD_TABLE, LOWER_TABLE } from '../domain/fold.js';

/**
 * Characters put first in `translate()`'s lists, each mapped to itself. PostgreSQL's
 * `translate()` looks each character of the text up in the list from its start, and most
 * characters of any Latin text are in none of the tables: with these first, 10,000 Czech
 * descriptions of 1 KB folded in ~4.2 s, against 28.5 s in code order (and 17.6 s for the
 * Latin-only table before migration 007).
 */
const COMMON = ' eaoinrtslvkdupcmzyhbjgfwxq0123456789.,-:;()!?/';

function translateLists(table: ReadonlyMap<string, string>): [string, string] {
  const pairs = [...[...COMMON].map((char): [string, string] => [char, char]), ...table];
  return [pairs.map(([from]) => from).join(''), pairs.map(([, to]) => to).join('')];
}

/**
 * PostgreSQL's `rc_fold` (`like`) and `rc_lower` (`contains`): the characters of FOLD_TABLE and
 * LOWER_TABLE mapped as JavaScript maps them (domain/fold.ts), then `lower()` under the
 * database's default collation for any other.
 */
export function foldFunctionStatements(): string[] {
  const functions: [string, ReadonlyMap<string, string>][] = [['rc_fold', FOLD_TABLE], ['rc_lower', LOWER_TABLE]];
  return functions.map(([name, table]) => {
    const [from, to] = translateLists(table);
    // The lists go into the statement's text: nothing in them may end the literal or the body.
    if (/['\\$]/.test(from + to)) throw new Error(`${name}: a quote, backslash or $ in its translate lists`);
    return `CREATE OR REPLACE FUNCTION ${name}(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
            AS $fn$ SELECT lower(translate($1, '${from}', '${to}') COLLATE "default") $fn$`;
  });
}

/** The collation of ICU's root locale, which PostgreSQL creates wherever it is built with ICU. */
export const ICU_ROOT = 'und-x-icu';

/**
 * `rc_lower` by ICU's root locale, which lower-cases as JavaScript does (Unicode's full case
 * mapping, whatever the database's own locale), with lowerText's two exceptions (İ, ς). In
 * `psql`, ICU's `lower()` with those two took ~2.3 s over 100,000 Czech descriptions of 1 KB,
 * against ~59 s through `translate()`, which looks each lower-case accented letter up
 * through its whole list.
 */
export const ICU_LOWER_STATEMENT = `CREATE OR REPLACE FUNCTION rc_lower(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $fn$ SELECT replace(lower(replace($1, 'İ', 'i') COLLATE "${ICU_ROOT}"), 'ς', 'σ') $fn$`;
