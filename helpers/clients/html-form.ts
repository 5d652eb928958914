import { selectAll, selectOne } from 'css-select';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * A login or consent page read as a browser without scripts reads it: the form that holds an
 * element named by one of the contract's CSS selectors, and what submitting it sends (the HTML
 * standard's form submission: the form's successful controls, the submitter's name and value).
 */

export interface FormSubmission {
  method: 'GET' | 'POST';
  url: string;
  /** application/x-www-form-urlencoded; in the URL's query for a GET. */
  body: string;
}

/** Why a page cannot be submitted without a browser; the flow then hands it to one. */
export class NeedsBrowser extends Error {}

export class HtmlPage {
  private readonly document: ReturnType<typeof parseDocument>;

  constructor(
    html: string,
    private readonly url: string,
  ) {
    this.document = parseDocument(html);
  }

  has(selector: string): boolean {
    return this.find(selector) !== null;
  }

  /** A page that runs scripts or moves on by itself may do what forms alone do not show. */
  scripted(): boolean {
    return (
      selectAll<AnyNode, Element>(
        'script, meta[http-equiv="refresh" i], [onsubmit], [onclick]',
        this.document,
      ).length > 0
    );
  }

  /**
   * The submission of the form holding `submitter`, with `fills` (selector → value) typed into
   * its fields first.
   */
  submit(submitter: string, fills: ReadonlyArray<readonly [string, string]> = []): FormSubmission {
    const button = this.find(submitter);
    if (button === null) throw new NeedsBrowser(`nothing matches ${submitter}`);
    if (!submits(button)) throw new NeedsBrowser(`${submitter} is no submit button`);
    const form = formOf(button);
    if (form === null) throw new NeedsBrowser(`${submitter} is in no form`);
    const values = new Map<Element, string>();
    for (const [selector, value] of fills) {
      const field = this.find(selector);
      if (field === null || formOf(field) !== form) throw new NeedsBrowser(`${selector} is not in the form`);
      values.set(field, value);
    }
    const enctype = (form.attribs.enctype ?? '').toLowerCase();
    if (enctype !== '' && enctype !== 'application/x-www-form-urlencoded')
      throw new NeedsBrowser(`the form is sent as ${enctype}`);
    const method = (button.attribs.formmethod ?? form.attribs.method ?? 'get').toLowerCase();
    if (method !== 'get' && method !== 'post') throw new NeedsBrowser(`the form's method is ${method}`);
    const action = new URL(button.attribs.formaction ?? form.attribs.action ?? '', this.base());
    const body = new URLSearchParams(successfulControls(form, button, values)).toString();
    if (method === 'post') return { method: 'POST', url: action.toString(), body };
    action.search = body;
    return { method: 'GET', url: action.toString(), body: '' };
  }

  private find(selector: string): Element | null {
    try {
      return selectOne<AnyNode, Element>(selector, this.document);
    } catch {
      // A selector this engine cannot read is one for the browser.
      throw new NeedsBrowser(`cannot read the selector ${selector}`);
    }
  }

  private base(): string {
    const href = selectOne<AnyNode, Element>('base[href]', this.document)?.attribs.href;
    return href === undefined ? this.url : new URL(href, this.url).toString();
  }
}

function formOf(element: Element): Element | null {
  for (let node = element.parent; node !== null; node = node.parent)
    if (isTag(node) && node.name === 'form') return node;
  return null;
}

const NOT_SENT = new Set(['submit', 'image', 'button', 'reset', 'file']);

/** The name/value pairs a browser sends for `form` submitted by `submitter`, in tree order. */
function successfulControls(
  form: Element,
  submitter: Element,
  typed: ReadonlyMap<Element, string>,
): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const control of selectAll('input, button, select, textarea', form)) {
    const name = control.attribs.name;
    if (name === undefined || name === '' || control.attribs.disabled !== undefined) continue;
    const value = controlValue(control, submitter, typed);
    if (value !== null) pairs.push([name, value]);
  }
  return pairs;
}

function controlValue(
  control: Element,
  submitter: Element,
  typed: ReadonlyMap<Element, string>,
): string | null {
  const given = typed.get(control);
  if (given !== undefined) return given;
  if (control.name === 'button' || (control.name === 'input' && isSubmitType(control)))
    // Only the button that was pressed is sent.
    return control === submitter ? (control.attribs.value ?? '') : null;
  if (control.name === 'select') return selectedOption(control);
  if (control.name === 'textarea') return textOf(control);
  const type = (control.attribs.type ?? 'text').toLowerCase();
  if (NOT_SENT.has(type)) return null;
  if (type === 'checkbox' || type === 'radio')
    return control.attribs.checked === undefined ? null : (control.attribs.value ?? 'on');
  return control.attribs.value ?? '';
}

/** A button without a type submits its form, as does an input of type submit or image. */
function submits(element: Element): boolean {
  if (element.name === 'button') return ['', 'submit'].includes((element.attribs.type ?? '').toLowerCase());
  return element.name === 'input' && isSubmitType(element);
}

function isSubmitType(control: Element): boolean {
  return ['submit', 'image'].includes((control.attribs.type ?? '').toLowerCase());
}

function selectedOption(select: Element): string | null {
  const options = selectAll('option', select);
  const chosen = options.find((option) => option.attribs.selected !== undefined) ?? options[0];
  return chosen === undefined ? null : (chosen.attribs.value ?? textOf(chosen));
}

function textOf(element: Element): string {
  return element.children.map((child) => (isText(child) ? child.data : '')).join('');
}
