import { CATALOGS_SEAMS } from '../catalogs/seams.js';
import {
  servedCatalog,
  type ServedCatalog,
  type ServedChain,
  type ServingRules,
} from '../catalogs/served.js';
import { CatalogEdition } from './catalog-edition.js';
import { ModerationQueue } from './moderation.js';
import { ImportSettings, type ImportSettingValues } from './settings.js';
import { ImportStore } from './store.js';
import type { SandboxSwitch } from '../rules/switches.js';
import { importSwitches } from './switches.js';

/**
 * The ad import's part of the sandbox's state: its settings, the catalogs in force (a renumbering
 * may change them), the imports and imported ads, and the moderation's pending decisions.
 */
export class AdImport {
  readonly settings: ImportSettings;
  readonly catalogs = new CatalogEdition();
  readonly store = new ImportStore();
  readonly moderation = new ModerationQueue();
  /** Told of every change (an import, a decision, a forgotten import, a switch): the data folder's row. */
  private readonly listeners: Array<() => void> = [];

  /**
   * `catalogRules`: the catalog seams in force (the rulebook's), so that the import holds ids
   * against the catalog the lookups serve (catalogs/served.ts); the reference's without a rulebook.
   */
  constructor(
    initial: Partial<ImportSettingValues> = {},
    private readonly catalogRules: () => ServingRules = () => CATALOGS_SEAMS,
  ) {
    this.settings = new ImportSettings(initial);
  }

  /** The chain as its lookups serve it now: the ids an import may carry. */
  served(chain: ServedChain): ServedCatalog {
    return servedCatalog(this.catalogRules(), this.catalogs.current(), chain);
  }

  /** The settings as run-time switches (switches.ts); setting one is a change of the import. */
  switches(): SandboxSwitch[] {
    return importSwitches(this.settings, this.catalogs).map((one) => ({
      name: one.name,
      kind: one.kind,
      summary: one.summary,
      get: () => one.get(),
      set: (value: unknown) => {
        one.set(value);
        this.changed();
      },
    }));
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Called by the routes and the moderation after they change what dump() shows. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Pending decisions are dropped: the sandbox is closing. */
  close(): void {
    this.moderation.close();
  }

  /** Plain data: the switches' values by name, and the store's imports and ads. */
  dump(): unknown {
    return { switches: this.switchValues(), store: this.store.dump() };
  }

  /** Each switch's value by name. */
  switchValues(): Record<string, unknown> {
    return Object.fromEntries(this.switches().map((one) => [one.name, one.get()]));
  }

  /** Each known switch's value set through the switch (so validated: a bad one throws), then the store. */
  load(data: unknown): void {
    const parts = (data ?? {}) as { switches?: Record<string, unknown>; store?: unknown };
    for (const one of this.switches())
      if (parts.switches !== undefined && Object.hasOwn(parts.switches, one.name))
        one.set(parts.switches[one.name]);
    this.store.load(parts.store);
  }
}
