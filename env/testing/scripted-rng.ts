import { Rng } from "../prng";

/**
 * A generator for tests that pins every uniform draw to one value and every Gaussian to its
 * mean (the REFERENCE §16.3 vectors with pinned draws: uniform → 0.99, Gaussian → 0).
 */
export class FixedRng extends Rng {
  constructor(private readonly value: number) {
    super(0);
  }
  override next(): number {
    return this.value;
  }
  override gaussian(mean = 0): number {
    return mean;
  }
}

export const fixedRngSource = (value: number) => (): Rng => new FixedRng(value);
