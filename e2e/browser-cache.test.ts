import { describe, expect, it } from 'vitest';
import type { TopicData } from '../common/api/topics.js';
import { callApi, rankingNames, seedTopic, setupE2E, voteAsNewUser } from './support/index.js';

// Public pages say `public, max-age=0, s-maxage=5, stale-while-revalidate=30` so that a CDN may keep them
// (decision 026). A browser must not take that as leave to show its own stale copy: a page opened again
// after a ballot has been answered shows the ballot (read your writes). JavaScript is off, so what is seen
// is the HTML the navigation got, not a ranking the app fetched again after it started.
const e2e = setupE2E();

describe('a public page opened again in the same browser', () => {
  it('shows a ballot answered since, whether reopened from its address or reloaded', async () => {
    const topicId = await seedTopic(e2e.url, 'Fresh pages', [['Alpha', 'Bravo', 'Charlie']]);
    const { topic } = await callApi<TopicData>(e2e.url, 'GET', `/topics/${topicId}?lang=en`);
    const path = `/topic/${topic.slug}`;
    const page = await e2e.newPage('en', { path, javaScriptEnabled: false });
    expect((await rankingNames(page))[0]).toBe('Alpha');

    // Two ballots put Charlie first; both were answered before the page is asked for again.
    await voteAsNewUser(e2e.url, topicId, ['Charlie', 'Bravo', 'Alpha']);
    await voteAsNewUser(e2e.url, topicId, ['Charlie', 'Alpha', 'Bravo']);
    const reopened = await page.goto(`${path}?lng=en`);
    expect(reopened?.status()).toBe(200);
    expect((await rankingNames(page))[0]).toBe('Charlie');

    await voteAsNewUser(e2e.url, topicId, ['Bravo', 'Charlie', 'Alpha']);
    await voteAsNewUser(e2e.url, topicId, ['Bravo', 'Alpha', 'Charlie']);
    await voteAsNewUser(e2e.url, topicId, ['Bravo', 'Alpha', 'Charlie']);
    await page.reload();
    expect((await rankingNames(page))[0]).toBe('Bravo');
    await page.context().close();
  });
});
