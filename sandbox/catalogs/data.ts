import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface Named {
  id: number;
  name: string;
}
interface Model extends Named {
  versions?: Named[];
}
interface Brand extends Named {
  models: Model[];
}

/** A name-to-id map, as section 2.6 shapes `data`. */
export type IdMap = Record<string, number>;

/** One catalog (cars, motorcycles or cellphones): brands, their models, and the models' versions. */
export class Catalog {
  private readonly brands: IdMap = {};
  private readonly models = new Map<number, IdMap>();
  private readonly versions = new Map<string, IdMap>();

  constructor(brands: readonly Brand[]) {
    for (const brand of brands) {
      this.brands[brand.name] = brand.id;
      const models: IdMap = {};
      for (const model of brand.models) {
        models[model.name] = model.id;
        this.versions.set(
          `${brand.id}/${model.id}`,
          Object.fromEntries((model.versions ?? []).map((version) => [version.name, version.id])),
        );
      }
      this.models.set(brand.id, models);
    }
  }

  brandMap(): IdMap {
    return this.brands;
  }

  /** Undefined for an unknown brand. */
  modelMap(brandId: number): IdMap | undefined {
    return this.models.get(brandId);
  }

  /** Undefined for an unknown brand, or a model not of that brand. */
  versionMap(brandId: number, modelId: number): IdMap | undefined {
    return this.versions.get(`${brandId}/${modelId}`);
  }
}

export interface Catalogs {
  cars: Catalog;
  motorcycles: Catalog;
  cellphones: Catalog;
  cubicCapacities: Record<string, string>;
}

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(resolve(__dirname, '../data/catalogs', name), 'utf8'));
}

/** A vehicle catalog's brands with every id (brand, model, version) passed through `renumber`. */
function renumbered(brands: readonly Brand[], renumber: (id: number) => number): Brand[] {
  const named = <Item extends Named>(item: Item): Item => ({ ...item, id: renumber(item.id) });
  return brands.map((brand) => ({
    ...named(brand),
    models: brand.models.map((model) => ({
      ...named(model),
      ...(model.versions === undefined ? {} : { versions: model.versions.map(named) }),
    })),
  }));
}

/**
 * The data files under sandbox/data/catalogs, read once at start; `renumber` maps the car and
 * motorcycle ids (a catalog renumbering, sandbox/import/catalog-edition.ts), identity by default.
 */
export function loadCatalogs(renumber: (id: number) => number = (id) => id): Catalogs {
  const vehicles = (name: string): Catalog =>
    new Catalog(renumbered((readJson(name) as { brands: Brand[] }).brands, renumber));
  return {
    cars: vehicles('cars.json'),
    motorcycles: vehicles('motorcycles.json'),
    cellphones: new Catalog((readJson('cellphones.json') as { brands: Brand[] }).brands),
    cubicCapacities: readJson('moto-cubic-capacities.json') as Record<string, string>,
  };
}
