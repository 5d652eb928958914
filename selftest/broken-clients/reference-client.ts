import type { JournalRecord } from '../../spec/journal.js';
import { connect, type Client } from './client-steps.js';
import { JournalBuilder } from './journal-builder.js';
import { crawl, crawlAgain, crawlIntoBlock, crawlThroughCycle, deniedToken } from './listing-steps.js';
import type { Mistake } from './mistakes.js';
import { importAfterRenumbering, lookUpCatalog, receive } from './resource-steps.js';

/**
 * The journal of the reference client under a hostile marketplace (a status outside section 3, an
 * empty page, a repeated token, a rate-limit block, an edge's page, a renumbering, forged and
 * duplicate deliveries, a revoked token), with at most one mistake; `mistake` is the seq of the
 * record that shows it.
 */
export function referenceJournal(
  mistake?: Mistake,
  clientId = 'client-reference',
): { records: JournalRecord[]; mistake: number | undefined } {
  const client: Client = { j: new JournalBuilder(clientId), mistake, token: '' };
  connect(client, 1);
  crawl(client);
  crawlThroughCycle(client);
  crawlIntoBlock(client);
  lookUpCatalog(client);
  importAfterRenumbering(client);
  receive(client);
  deniedToken(client);
  connect(client, 2);
  crawlAgain(client);
  return { records: client.j.records, mistake: client.j.mistake };
}
