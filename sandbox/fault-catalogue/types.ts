export interface FaultDefinition {
  /** The requirement ids (requirements/catalogue.ts) the fault breaks; tests tagged with them must fail. */
  requirements: readonly string[];
  /** What the sandbox does wrong, in words. */
  description: string;
}
