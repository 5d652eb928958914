import type { DeliveryRecord } from '../../spec/journal.js';
import type { DeliveryObserver } from '../notifications/delivery.js';
import type { Journal } from './journal.js';
import { scrubbedRecord, type CredentialTest } from './secrets.js';
import { maskedMentions, maskedWebhookUrl, type Mask } from '../notifications/url-credentials.js';

/** The event id, ad id and status a delivery's body carries: production's body or the variants' other one. */
function bodyFacts(body: string): { eventId: string; adId: string; status: string } {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown> & { data?: { ad?: Record<string, unknown> } };
    const ad = parsed.data?.ad ?? {};
    const text = (value: unknown): string =>
      typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    return {
      eventId: text(parsed.id ?? parsed.event),
      adId: text(ad.id ?? parsed.ad_identifier),
      status: text(ad.status ?? parsed.new_state),
    };
  } catch {
    return { eventId: '', adId: '', status: '' };
  }
}

/** A delivery's error, any quote of its URL masked as the record's url is (before it is cut). */
function errorOf(error: string, url: string, mask: Mask): string {
  return maskedMentions(error, url, mask).slice(0, 256);
}

/** The deliverer's observer: one record per attempt, refusal, drop or cancellation; never the token. */
export function journalDeliveries(journal: Journal): DeliveryObserver {
  return (configId, delivery, entry, durationMs) => {
    if (!journal.enabled) return;
    const facts = bodyFacts(delivery.body);
    // Masked before it is cut: a cut could take the `@` that tells the userinfo.
    const mask: Mask = (value) => journal.fingerprints.fp(value);
    const record: Omit<DeliveryRecord, 'seq' | 'at'> = {
      kind: 'delivery',
      client_id: delivery.clientId ?? null,
      login: delivery.login.slice(0, 256),
      configuration_id: configId,
      url: maskedWebhookUrl(delivery.url, mask).slice(0, 512),
      event_id: facts.eventId.slice(0, 256),
      ad_id: facts.adId.slice(0, 256),
      status_sent: facts.status.slice(0, 256),
      attempt: entry.attempt,
      outcome: entry.outcome,
      ...(entry.status === undefined ? {} : { http_status: entry.status }),
      ...(durationMs === undefined ? {} : { duration_ms: Math.round(durationMs) }),
      ...(entry.error === undefined ? {} : { error: errorOf(entry.error, delivery.url, mask) }),
      ...(entry.token_header === undefined ? {} : { token_header: entry.token_header.slice(0, 128) }),
      ...(delivery.chaos?.decision === undefined ? {} : { decision: delivery.chaos.decision }),
      ...(delivery.chaos === undefined ? {} : { chaos: delivery.chaos.inForce }),
    };
    // The configuration's token (and any credential its owner chose) never written, in the url or the error.
    journal.secrets.remember(delivery.token, delivery.clientId ?? `user:${delivery.login}`);
    const owners = [delivery.clientId, `user:${delivery.login}`];
    const test: CredentialTest = (piece) => piece === delivery.token || journal.secrets.has(piece, owners);
    test.literal = [delivery.token, ...journal.secrets.chosenBy(owners)];
    journal.add(scrubbedRecord(record, test, journal.fingerprints));
  };
}
