import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';
import { useSession, useUser } from '../session.js';
import { Check, Field, described } from '../components/field.js';
import { ErrorMessage } from '../components/feedback.js';
import { fieldErrors } from '../errors.js';
import { bookingsExportUrl, importProducts, productsExportUrl, type ExportFormat, type ImportMode, type ImportReport } from '../api/transfer.js';
import type { MessageKey } from '../i18n/en.js';

const FORMATS: ExportFormat[] = ['csv', 'json', 'ndjson'];
/** Encodings a shop's file is likely in: UTF-8, and Czech Excel's CSV (windows-1250). */
const CHARSETS = ['', 'windows-1250', 'iso-8859-2'];

/**
 * The catalogue out and in (GET /api/products/export, POST /api/products/import) and the
 * bookings out (GET /api/bookings/export), as docs/import-export.md describes them: downloads
 * are plain links (the session cookie goes with them), an import shows the report of every row.
 */
export function Transfer() {
  const { t } = useI18n();
  return (
    <>
      <h1>{t('transfer.title')}</h1>
      <Exports />
      <Import />
    </>
  );
}

function Exports() {
  const { t } = useI18n();
  const user = useUser();
  const { isAdmin } = useSession();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [bom, setBom] = useState(true);
  return (
    <section class="card" aria-labelledby="export-title">
      <h2 id="export-title">{t('transfer.export')}</h2>
      <p>{t(isAdmin ? 'transfer.exportAllHint' : 'transfer.exportOwnHint')}</p>
      <div class="field">
        <label for="export-format">{t('transfer.format')}</label>
        <select id="export-format" value={format} onChange={(event) => setFormat(event.currentTarget.value as ExportFormat)}>
          {FORMATS.map((value) => (
            <option key={value} value={value}>
              {t(`transfer.format.${value}` as MessageKey)}
            </option>
          ))}
        </select>
      </div>
      {format === 'csv' && <Check id="export-bom" label={t('transfer.bom')} checked={bom} onChange={setBom} />}
      <p class="actions">
        <a class="button primary" href={productsExportUrl(format, bom, isAdmin ? null : user.id)} download>
          {t('transfer.downloadProducts')}
        </a>{' '}
        <a class="button" href={bookingsExportUrl(format, bom)} download>
          {t('transfer.downloadBookings')}
        </a>
      </p>
    </section>
  );
}

function Import() {
  const i18n = useI18n();
  const { t } = i18n;
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('create');
  const [dryRun, setDryRun] = useState(true);
  const [atomic, setAtomic] = useState(false);
  const [charset, setCharset] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [missingFile, setMissingFile] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setMissingFile(!file);
    if (!file) return;
    setBusy(true);
    setError(null);
    setReport(null);
    try {
      setReport(await importProducts(file, { mode, dryRun, atomic, charset }));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const errors = fieldErrors(error);
  const fileErrors = [...(missingFile ? [t('transfer.fileMissing')] : []), ...(errors.file ?? [])];
  return (
    <section class="card" aria-labelledby="import-title">
      <h2 id="import-title">{t('transfer.import')}</h2>
      <p>{t('transfer.importHint')}</p>
      <ErrorMessage error={errors.file || errors.charset ? null : error} />
      <form onSubmit={submit} noValidate>
        <Field id="import-file" label={t('transfer.file')} hint={t('transfer.fileHint')} errors={fileErrors}>
          <input
            id="import-file"
            type="file"
            accept=".csv,.json,.ndjson,text/csv,application/json,application/x-ndjson"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setMissingFile(false);
            }}
            {...described('import-file', t('transfer.fileHint'), fileErrors)}
          />
        </Field>
        <Field id="import-charset" label={t('transfer.charset')} errors={errors.charset}>
          <select id="import-charset" value={charset} onChange={(event) => setCharset(event.currentTarget.value)} {...described('import-charset', undefined, errors.charset)}>
            {CHARSETS.map((value) => (
              <option key={value} value={value}>
                {value === '' ? 'UTF-8' : value}
              </option>
            ))}
          </select>
        </Field>
        <Field id="import-mode" label={t('transfer.mode')}>
          <select id="import-mode" value={mode} onChange={(event) => setMode(event.currentTarget.value as ImportMode)}>
            <option value="create">{t('transfer.mode.create')}</option>
            <option value="upsert">{t('transfer.mode.upsert')}</option>
          </select>
        </Field>
        <Check id="import-dry-run" label={t('transfer.dryRun')} checked={dryRun} onChange={setDryRun} />
        <Check id="import-atomic" label={t('transfer.atomic')} checked={atomic} onChange={setAtomic} />
        <button type="submit" class="primary" disabled={busy}>
          {t(dryRun ? 'transfer.check' : 'transfer.run')}
        </button>
      </form>
      {report && <ImportResult report={report} />}
    </section>
  );
}

const STATUS_KEYS: Record<ImportReport['rows'][number]['status'], MessageKey> = {
  created: 'transfer.status.created',
  updated: 'transfer.status.updated',
  unchanged: 'transfer.status.unchanged',
  error: 'transfer.status.error',
};

function ImportResult({ report }: { report: ImportReport }) {
  const { t } = useI18n();
  const { totals } = report;
  const summary = t(report.committed ? 'transfer.committed' : report.dryRun ? 'transfer.dryRunDone' : 'transfer.notCommitted', {
    rows: totals.rows,
    created: totals.created,
    updated: totals.updated,
    unchanged: totals.unchanged,
    errors: totals.errors,
  });
  const problems = report.rows.filter((row) => row.status === 'error');
  return (
    <div class="import-report">
      <p class={`notice ${totals.errors > 0 || !report.committed ? 'notice-error' : 'notice-ok'}`} role="status">
        {summary}
      </p>
      {report.rows.length > 0 && (
        <table class="listing">
          <caption class="sr-only">{t('transfer.rows')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('transfer.row')}</th>
              <th scope="col">{t('transfer.id')}</th>
              <th scope="col">{t('transfer.status')}</th>
              <th scope="col">{t('transfer.problems')}</th>
            </tr>
          </thead>
          <tbody>
            {(problems.length > 0 ? problems : report.rows).slice(0, 500).map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{row.id ?? '—'}</td>
                <td>{t(STATUS_KEYS[row.status])}</td>
                <td>
                  {row.errors.map((item, index) => (
                    <div key={index}>{item.field ? `${item.field}: ${item.message}` : item.message}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
