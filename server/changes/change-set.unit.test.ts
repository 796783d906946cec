import { describe, expect, it } from 'vitest';
import { ChangeSet, RANKING_ASPECTS } from './change-set.js';
import { payloadsOf } from './cluster-channel.js';

const roundTrip = (change: ChangeSet) =>
  payloadsOf(change).map((text) => ChangeSet.fromPayload(JSON.parse(text)));

describe('a change set sent to the other app servers', () => {
  it('arrives with every topic aspect, category, tag, user and interface text it carried', () => {
    const change = new ChangeSet()
      .topic(7, 'texts', 'tags')
      .topic(9, 'votes')
      .category(3)
      .tag(4)
      .user(5)
      .uiTexts();
    const [received, ...more] = roundTrip(change);
    expect(more).toEqual([]);
    expect(received?.topics).toEqual(
      new Map([
        [7, new Set(['texts', 'tags'])],
        [9, new Set(['votes'])],
      ]),
    );
    expect([...(received?.categories ?? [])]).toEqual([3]);
    expect([...(received?.tags ?? [])]).toEqual([4]);
    expect([...(received?.users ?? [])]).toEqual([5]);
    expect(received?.hasUiTexts).toBe(true);
    expect(received?.topicsWith(RANKING_ASPECTS)).toEqual([9]);
  });

  it('carries to a hub that its sub-topic’s propositions or ballots moved, so its hub page is dropped there too', () => {
    const change = new ChangeSet()
      .propositionsChanged({ id: 11, mainTopicId: 10 })
      .ballotsMoved({ id: 12, mainTopicId: 10 }, 'propositions');
    const [received] = roundTrip(change);
    expect(received?.topics).toEqual(
      new Map([
        [11, new Set(['propositions'])],
        [10, new Set(['subTopicPropositions', 'subTopicVotes'])],
        [12, new Set(['votes', 'propositions'])],
      ]),
    );
  });

  it('is split under PostgreSQL’s payload limit when a write touched thousands of topics, losing none', () => {
    const change = new ChangeSet();
    for (let id = 1; id <= 3000; id++) change.topic(id, 'category');
    const payloads = payloadsOf(change);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(payload.length).toBeLessThan(8000);
    const ids = roundTrip(change).flatMap((part) => [...part.topics.keys()]);
    expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
  });

  it('is read as “everything may have changed” when its payload cannot be read', () => {
    expect(ChangeSet.fromPayload('garbage').isEverything).toBe(true);
    expect(ChangeSet.fromPayload({ t: { x: 'y' }, c: ['z', -1] }).isEmpty).toBe(true);
  });

  it('tells listings apart from rankings: a vote alone does not touch lists of topics', () => {
    expect(new ChangeSet().topic(1, 'votes').touchesListings()).toBe(false);
    expect(new ChangeSet().topic(1, 'status').touchesListings()).toBe(true);
    expect(new ChangeSet().tag(2).touchesListings()).toBe(true);
  });
});

describe('the events a change set records', () => {
  it('keeps what happened for this server’s subscribers, and sends the other servers ids and aspects only', () => {
    const places = { first: 11, second: null, third: null };
    const change = new ChangeSet()
      .ballotsMoved({ id: 9, mainTopicId: null })
      .ballotChanged({
        ballotId: 1,
        topicId: 9,
        userId: 5,
        version: 2,
        castAt: '2026-11-26T10:00:00.000Z',
        cause: 'vote',
        counted: true,
        before: { first: null, second: null, third: null },
        after: places,
      })
      .propositionCreated(
        { id: 11, topicId: 9, name: 'Da Marco', createdBy: 5 },
        '2026-11-26T10:00:00.000Z',
        '2026-11-26T10:00:00.000Z',
      );
    expect(change.events.map((event) => event.type)).toEqual(['ballotChanged', 'propositionCreated']);
    const [received] = roundTrip(change);
    expect(received?.events).toEqual([]);
    expect(received?.topics).toEqual(new Map([[9, new Set(['votes'])]]));
    expect(new ChangeSet().merge(change).events).toEqual([]);
  });
});
