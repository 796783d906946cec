import { describe, it } from 'vitest';
import { rankingRow, seedVotedTopic, setupE2E, voteAsNewUser } from './support/index.js';

// One live stream per address: the browser's second page is refused (429), as a flood's would be.
const app = setupE2E({ LIVE_STREAMS_PER_ADDRESS: '1' });

describe('live ranking refused by the server', () => {
  it('keeps showing the ranking and goes live by itself once the server has room again', async () => {
    const topicId = await seedVotedTopic(app.url, 'Best pizza');
    const first = await app.newPage('en', { path: `/topic/${topicId}` });
    await rankingRow(first, 'Chez Nino').waitFor();
    const refused = first.context().waitForEvent('response', {
      predicate: (response) =>
        response.url().endsWith(`/api/topics/${topicId}/events`) && response.status() === 429,
    });
    const second = await app.newTab(first.context(), `/topic/${topicId}?lng=en`);
    await refused;
    // The page read its ranking without the stream.
    await rankingRow(second, 'Chez Nino').waitFor();

    await first.close();
    await voteAsNewUser(app.url, topicId, ['Trattoria Nuova']);
    // No reload: the page reconnects after its back-off (10 s, ±25%) and the stream brings the new row.
    await rankingRow(second, 'Trattoria Nuova').waitFor({ timeout: 20_000 });
    await second.context().close();
  });
});
