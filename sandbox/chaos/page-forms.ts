import { createHash } from 'node:crypto';

/** A page token chaos handed out that leads to an empty last page. */
export const EMPTY_PAGE = Symbol('empty last page');

const PER_CLIENT = 1000;

/**
 * Page tokens of other forms, per client: the token the listing made, handed out re-encoded
 * (standard base64, with `+`, `/` and `=` a client must URL-encode), and tokens of a last page
 * that is empty. A request bringing one back is given the listing's own again. Bounded per client
 * (the oldest forgotten: a client holding an old one gets the listing's answer to an unknown token).
 */
export class PageForms {
  private readonly byClient = new Map<string, Map<string, string | typeof EMPTY_PAGE>>();

  private of(clientId: string): Map<string, string | typeof EMPTY_PAGE> {
    const forms = this.byClient.get(clientId) ?? new Map<string, string | typeof EMPTY_PAGE>();
    this.byClient.set(clientId, forms);
    return forms;
  }

  private remember(clientId: string, form: string, meaning: string | typeof EMPTY_PAGE): string {
    const forms = this.of(clientId);
    forms.set(form, meaning);
    if (forms.size > PER_CLIENT) forms.delete(forms.keys().next().value ?? '');
    return form;
  }

  /** The listing's token in another form: base64 of a marker and the token, padded. */
  reencoded(clientId: string, token: string): string {
    return this.remember(clientId, Buffer.from(`\u00fb${token}\u00ff`, 'latin1').toString('base64'), token);
  }

  /** A token to an empty last page (made from the seed and the place: replays the same). */
  emptyPage(clientId: string, seed: number, place: number): string {
    const form = createHash('sha256').update(`${seed}\n${clientId}\n${place}\nempty`).digest('base64');
    return this.remember(clientId, form, EMPTY_PAGE);
  }

  meaning(clientId: string, form: string): string | typeof EMPTY_PAGE | undefined {
    return this.byClient.get(clientId)?.get(form);
  }

  clear(): void {
    this.byClient.clear();
  }

  forget(clientId: string): void {
    this.byClient.delete(clientId);
  }
}
