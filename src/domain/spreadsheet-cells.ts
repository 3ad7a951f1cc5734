/**
 * Formula injection (OWASP "CSV Injection"): a spreadsheet program runs a cell that begins with
 * `=`, `+`, `-`, `@`, a tab or a carriage return as a formula. An exported cell that begins so
 * gets a `'` in front, which spreadsheets show as text and do not evaluate.
 *
 * So that an export imports back byte for byte, a cell that already begins with quotes followed
 * by one of those characters (`'=x`) gets one more as well (`''=x`), and an import takes exactly
 * one `'` off every cell of the form `'…'<one of those>`: the two are inverse, and a value such
 * as `'quoted'` or `it's` is never touched.
 */

const DANGEROUS = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** An exported cell, made safe to open in a spreadsheet. */
export const neutraliseCell = (cell: string): string => (DANGEROUS.test(cell) ? `'${cell}` : cell);

/** An imported cell as it was before neutraliseCell (a cell a spreadsheet wrote with a leading `'` the same way). */
export const restoreCell = (cell: string): string => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);
