import { useRef, useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';

/** Puts text on the clipboard: the Clipboard API where the page may use it, else the selected input's copy command. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand('copy');
  }
}

/** A value to copy (a feed URL, a secret): read-only, selectable, with a copy button that says it worked. */
export function CopyField({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => setCopied(await copyText(value, input.current));
  return (
    <div class="field copy-field">
      <label for={id}>{label}</label>
      <div class="copy-row">
        <input ref={input} id={id} readOnly value={value} spellcheck={false} onFocus={(event) => event.currentTarget.select()} aria-describedby={hint ? `${id}-hint` : undefined} />
        <button type="button" onClick={copy} aria-label={t('copy.labelled', { label })}>
          {t('copy.copy')}
        </button>
      </div>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <p class="copy-result" role="status">
        {copied === null ? '' : t(copied ? 'copy.done' : 'copy.failed')}
      </p>
    </div>
  );
}
