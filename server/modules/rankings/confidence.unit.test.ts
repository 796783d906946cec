import { describe, expect, it } from 'vitest';
import { tooCloseToCall } from '../../../common/rankings/too-close-to-call.js';
import { confidenceOf, type EligibleTallies, priorMean, topicPrior } from './confidence.js';

const tallies = (first: number, second: number, third: number, eligibleBallots: number): EligibleTallies => ({
  firstCount: first,
  secondCount: second,
  thirdCount: third,
  eligibleBallots,
});

describe('confidence in a proposition’s standing', () => {
  // Three ballots on A, B, C (all listed before the first): (A, B, C), (A, C, -), (B, A, -).
  const a = tallies(2, 1, 0, 3);
  const b = tallies(1, 1, 0, 3);
  const c = tallies(0, 1, 1, 3);
  const prior = topicPrior([a, b, c]) as readonly number[];

  it('takes the topic’s mean points per proposition per eligible ballot as the prior (16 points over 9)', () => {
    expect(priorMean(prior)).toBeCloseTo(16 / 9, 10);
  });

  it('gives IMDb’s weighted rating n/(n+m)·R + m/(n+m)·C as the average, with m = 5', () => {
    // n = 3, R = 8/3, C = 16/9: 3/8 · 8/3 + 5/8 · 16/9 = 1 + 10/9.
    expect(confidenceOf(a, prior).average).toBeCloseTo(1 + 10 / 9, 4);
    // B: R = 5/3: 3/8 · 5/3 + 10/9 = 0.625 + 1.1111.
    expect(confidenceOf(b, prior).average).toBeCloseTo(0.625 + 10 / 9, 4);
  });

  it('puts a 90% interval around the average from the 3/2/1/0 tallies and the same prior', () => {
    // Hand-computed: Dirichlet(2+5/3, 1+5/3, 5/9, 10/9), total 8; E[s²] = 44.2222/8; variance of the mean
    // (E[s²] − 2.1111²)/9 = 0.11900; 1.6449 · 0.34496 = 0.5674.
    const { low, high } = confidenceOf(a, prior);
    expect(low).toBeCloseTo(2.1111 - 0.5674, 3);
    expect(high).toBeCloseTo(2.1111 + 0.5674, 3);
  });

  it('marks neighbours too close to call when three ballots cannot tell them apart', () => {
    expect(tooCloseToCall(confidenceOf(a, prior), confidenceOf(b, prior))).toBe(true);
  });

  it('tells a clear leader apart once many ballots agree', () => {
    const leader = tallies(300, 50, 20, 400);
    const runnerUp = tallies(20, 200, 100, 400);
    const many = topicPrior([leader, runnerUp]) as readonly number[];
    expect(tooCloseToCall(confidenceOf(leader, many), confidenceOf(runnerUp, many))).toBe(false);
  });

  it('gives a proposition added after every ballot the topic’s mean, not a zero', () => {
    const late = confidenceOf(tallies(0, 0, 0, 0), prior);
    expect(late.average).toBeCloseTo(16 / 9, 4);
    expect(late.low).toBeLessThan(late.average);
    expect(late.high).toBeGreaterThan(late.average);
  });

  it('does not let one 3-point ballot put a newcomer above a proposition many placed well', () => {
    const newcomer = tallies(1, 0, 0, 1);
    const steady = tallies(30, 10, 0, 50);
    const prior2 = topicPrior([newcomer, steady, tallies(10, 30, 20, 50)]) as readonly number[];
    expect(confidenceOf(newcomer, prior2).average).toBeLessThan(confidenceOf(steady, prior2).average);
  });

  it('has no prior for a topic without an eligible ballot', () => {
    expect(topicPrior([tallies(0, 0, 0, 0)])).toBeUndefined();
  });

  it('keeps the interval within 0 and 3 points', () => {
    const all = topicPrior([tallies(10, 0, 0, 10)]) as readonly number[];
    expect(confidenceOf(tallies(10, 0, 0, 10), all)).toEqual({ average: 3, low: 3, high: 3 });
  });
});
