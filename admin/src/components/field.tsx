import type { ComponentChildren } from 'preact';

/** The ids an input refers to for its hint and its errors (aria-describedby). */
export function described(id: string, hint?: string, errors?: string[]): { 'aria-describedby'?: string; 'aria-invalid'?: 'true' } {
  const ids = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...(ids ? { 'aria-describedby': ids } : {}), ...(errors?.length ? { 'aria-invalid': 'true' as const } : {}) };
}

/** A labelled control with its hint and the errors the API gave for it, next to it. */
export function Field(props: { id: string; label: string; hint?: string; errors?: string[]; children: ComponentChildren; class?: string }) {
  const { id, label, hint, errors, children } = props;
  return (
    <div class={`field ${errors?.length ? 'field-invalid' : ''} ${props.class ?? ''}`}>
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {errors && errors.length > 0 && (
        <p class="field-error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label after it. */
export function Check(props: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; errors?: string[] }) {
  return (
    <div class={`field field-check ${props.errors?.length ? 'field-invalid' : ''}`}>
      <input id={props.id} type="checkbox" checked={props.checked} onChange={(event) => props.onChange(event.currentTarget.checked)} {...described(props.id, undefined, props.errors)} />
      <label for={props.id}>{props.label}</label>
      {props.errors && props.errors.length > 0 && (
        <p class="field-error" id={`${props.id}-error`}>
          {props.errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/** An input's type chosen at run time (Preact's types narrow the other attributes by a literal type). */
export const typed = (type: 'text' | 'email' | 'tel' | 'password') => ({ type }) as { type: 'text' };
