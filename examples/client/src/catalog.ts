import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { field, type Http } from './http.js';

/**
 * The catalog ids the client keeps (spec 2.6, 9.4): looked up once by name and stored, because ads
 * carry ids, not names. The catalog was renumbered once and ads with outdated ids are refused with
 * the vehicle codes (field notes): after such a refusal the stored ids are looked up again, and an
 * id the import refused is never sent again.
 */

export interface Vehicle {
  brand: string;
  model: string;
  version?: string;
}

export interface VehicleIds {
  vehicle_brand: number;
  vehicle_model: number;
  vehicle_version?: number;
}

interface Stored {
  /** "brand", "brand/model", "brand/model/version" to the id the lookups gave. */
  cars: Record<string, number>;
  /** Ids an import refused: never sent again. */
  refused: number[];
}

/** The import's vehicle codes (field notes): the ids are outdated, refresh them. */
export const VEHICLE_CODES = /^ERROR_VEHICLE_(BRAND|MODEL|VERSION|BRAND_MODEL_VERSION)_INVALID$/;

export class RefusedIdError extends Error {}

export class CatalogStore {
  private stored: Stored = { cars: {}, refused: [] };

  /** `file`: where the ids are kept between runs (none: in memory). */
  constructor(
    private readonly http: Http,
    private readonly appsUrl: string,
    private readonly file?: string,
  ) {
    if (file !== undefined && existsSync(file)) {
      const read = JSON.parse(readFileSync(file, 'utf8')) as Partial<Stored>;
      this.stored = { cars: read.cars ?? {}, refused: read.refused ?? [] };
    }
  }

  private save(): void {
    if (this.file !== undefined) writeFileSync(this.file, `${JSON.stringify(this.stored, null, 2)}\n`);
  }

  /** One lookup (4.5): name to id, the token in the body. */
  private async lookup(token: string, path: string, name: string): Promise<number> {
    const answer = await this.http.send(`${this.appsUrl}/autoupload/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: token }),
      token,
    });
    const id = field(field(answer.json, 'data'), name);
    if (answer.status !== 200 || typeof id !== 'number')
      throw new Error(`the catalog ${path} answered ${answer.status} without "${name}"`);
    return id;
  }

  private async idOf(token: string, key: string, path: string, name: string): Promise<number> {
    const known = this.stored.cars[key];
    if (known !== undefined) return known;
    const id = await this.lookup(token, path, name);
    if (this.stored.refused.includes(id))
      throw new RefusedIdError(`the catalog still gives ${key} the refused id ${id}`);
    this.stored.cars[key] = id;
    this.save();
    return id;
  }

  /** A car's ids: the stored ones, else looked up brand, model and version in turn. */
  async carIds(token: string, car: Vehicle): Promise<VehicleIds> {
    const brand = await this.idOf(token, car.brand, 'car_info', car.brand);
    const modelKey = `${car.brand}/${car.model}`;
    const model = await this.idOf(token, modelKey, `car_info/${brand}`, car.model);
    if (car.version === undefined) return { vehicle_brand: brand, vehicle_model: model };
    const version = await this.idOf(
      token,
      `${modelKey}/${car.version}`,
      `car_info/${brand}/${model}`,
      car.version,
    );
    return { vehicle_brand: brand, vehicle_model: model, vehicle_version: version };
  }

  /** The import refused these ids: forget what is stored for the car and never send them again. */
  refuse(car: Vehicle, ids: VehicleIds): void {
    const sent = [ids.vehicle_brand, ids.vehicle_model, ids.vehicle_version].filter(
      (id): id is number => id !== undefined,
    );
    this.stored.refused = [...new Set([...this.stored.refused, ...sent])];
    const kept = Object.entries(this.stored.cars).filter(
      ([key]) => key !== car.brand && !key.startsWith(`${car.brand}/`),
    );
    this.stored.cars = Object.fromEntries(kept);
    this.save();
  }

  /** True when none of the ids was refused before. */
  sendable(ids: VehicleIds): boolean {
    return ![ids.vehicle_brand, ids.vehicle_model, ids.vehicle_version].some(
      (id) => id !== undefined && this.stored.refused.includes(id),
    );
  }
}
