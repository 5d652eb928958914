import { CatalogEdition } from './catalog-edition.js';
import { ModerationQueue } from './moderation.js';
import { ImportSettings, type ImportSettingValues } from './settings.js';
import { ImportStore } from './store.js';
import type { SandboxSwitch } from './switch.js';
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

  constructor(initial: Partial<ImportSettingValues> = {}) {
    this.settings = new ImportSettings(initial);
  }

  /** The settings as run-time switches (switches.ts). */
  switches(): SandboxSwitch[] {
    return importSwitches(this.settings, this.catalogs);
  }

  /** Pending decisions are dropped: the sandbox is closing. */
  close(): void {
    this.moderation.close();
  }

  dump(): unknown {
    return { settings: this.settings.dump(), catalogs: this.catalogs.dump(), store: this.store.dump() };
  }

  load(data: unknown): void {
    const parts = (data ?? {}) as { settings?: unknown; catalogs?: unknown; store?: unknown };
    this.settings.load(parts.settings);
    this.catalogs.load(parts.catalogs);
    this.store.load(parts.store);
  }
}
