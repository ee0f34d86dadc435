import { ApiError } from '../api';
import { fill, h } from '../dom';
import type { Child } from '../dom';
import { apiWording, problemsOf } from './check';
import type { FieldProblem } from './check';

// A form's fields, each with its label, a hint and a place for its problem, and one summary for the form:
// problems from the browser's check or from the API land next to the field they name (aria-invalid, and
// aria-describedby so a screen reader reads them), and every message also in the summary (role=alert).

export type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface Field<C extends HTMLElement = Control> {
  /** The body path it fills (`name`, `strategyPrompts.1`). */
  name: string;
  /** What gets aria-invalid and the focus: an input, or a group's fieldset. */
  control: C;
  el: HTMLElement;
  error: HTMLElement;
}

let ids = 0;

function clearProblem(control: HTMLElement, error: HTMLElement): void {
  error.hidden = true;
  error.textContent = '';
  control.removeAttribute('aria-invalid');
}

/** A labelled control with a hint and an error slot; `control.id` is set if it has none. */
export function field<C extends Control>(name: string, label: Child, control: C, hint?: Child): Field<C> {
  if (!control.id) control.id = `f-${name.replace(/\W/g, '-')}-${++ids}`;
  const error = h('p', { class: 'field-error', id: `${control.id}-error`, hidden: true });
  const hintEl = hint ? h('p', { class: 'hint', id: `${control.id}-hint` }, hint) : null;
  control.setAttribute('aria-describedby', [hintEl?.id, error.id].filter(Boolean).join(' '));
  // A problem goes once the field is edited: what is left shown is what is still wrong.
  control.addEventListener('input', () => clearProblem(control, error));
  const el = h(
    'div',
    { class: 'field', 'data-field': name },
    h('label', { for: control.id }, label),
    control,
    hintEl,
    error,
  );
  return { name, control, el, error };
}

/** A group of checkboxes or radios as one field: its problem shows under the legend. */
export function groupField(name: string, legend: Child, ...children: Child[]): Field<HTMLFieldSetElement> {
  const error = h('p', { class: 'field-error', id: `f-${name}-${++ids}-error`, hidden: true });
  const control = h(
    'fieldset',
    { class: 'field-group', 'data-field': name, tabindex: -1, 'aria-describedby': error.id },
    h('legend', null, legend),
    error,
    ...children,
  );
  control.addEventListener('change', () => clearProblem(control, error));
  return { name, control, el: control, error };
}

export class FormProblems {
  readonly summary = h('div', { class: 'form-problems', 'aria-live': 'assertive' });

  constructor(private readonly fields: () => readonly Field<HTMLElement>[]) {}

  clear(): void {
    for (const f of this.fields()) clearProblem(f.control, f.error);
    fill(this.summary);
  }

  /** The field a problem names: its exact path, else the nearest enclosing one (`labels.2` -> `labels`). */
  private fieldFor(path: string): Field<HTMLElement> | undefined {
    const all = this.fields();
    for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
      const f = all.find((x) => x.name === p);
      if (f) return f;
    }
    return undefined;
  }

  /** `asSent`: the summary quotes the messages as they are (an API error's), not as a 400 names fields. */
  show(problems: readonly FieldProblem[], lead?: string, asSent = false): void {
    this.clear();
    let first: Field<HTMLElement> | undefined;
    for (const p of problems) {
      const f = this.fieldFor(p.field);
      if (!f) continue;
      f.error.hidden = false;
      f.error.textContent = f.error.textContent ? `${f.error.textContent} ${p.message}` : p.message;
      f.control.setAttribute('aria-invalid', 'true');
      first ??= f;
    }
    fill(
      this.summary,
      h(
        'div',
        { class: 'error', role: 'alert' },
        lead ? h('p', null, lead) : null,
        h(
          'ul',
          null,
          problems.map((p) => h('li', null, asSent ? p.message : apiWording(p))),
        ),
      ),
    );
    first?.control.focus();
  }

  /**
   * An API error: its message, with the field problems of a 400 next to their fields. `byCode` names the
   * field an error code is about (`endpoint_not_allowed` -> endpointUrl), for the errors whose details
   * name no path.
   */
  showError(err: unknown, lead: string, byCode: Record<string, string> = {}): void {
    const problems = problemsOf(err);
    if (problems.length > 0) return this.show(problems, `${lead}:`);
    const message = err instanceof Error ? err.message : String(err);
    const code = err instanceof ApiError ? err.code : '';
    const named = byCode[code];
    if (named) return this.show([{ field: named, message }], `${lead} (${code}):`, true);
    this.clear();
    fill(
      this.summary,
      h('p', { class: 'error', role: 'alert' }, `${lead}: ${message}${code ? ` (${code})` : ''}`),
    );
  }
}
