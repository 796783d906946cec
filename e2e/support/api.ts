import { newCredentials } from './auth.js';
import { ADMIN } from './server.js';

/** Calls the API of the server under test and answers `data`; a refusal fails the test with its envelope. */
export async function callApi<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * Registers a new person and saves their ballot (names in place order: 3, 2, 1 points) on the topic;
 * answers their access token, to read their ballot afterwards.
 */
export async function voteAsNewUser(baseUrl: string, topicId: number, names: string[]): Promise<string> {
  const { accessToken } = await callApi(baseUrl, 'POST', '/auth/register', newCredentials());
  await callApi(
    baseUrl,
    'POST',
    '/search/propositions',
    { topicId, propositions: names.map((itemName, i) => ({ itemName, points: 3 - i })), userTags: [] },
    accessToken,
  );
  return accessToken;
}

/** A topic whose ranking already holds three propositions, voted by two people through the API. */
export async function seedVotedTopic(baseUrl: string, title: string): Promise<number> {
  return seedTopic(baseUrl, title, [
    ['Pizzeria Da Marco', 'Luigi', 'Chez Nino'],
    ['Pizzeria Da Marco', 'Chez Nino'],
  ]);
}

/** A new topic (in a new category) and one new person's ballot for each of `ballots`, through the API. */
export async function seedTopic(
  baseUrl: string,
  title: string,
  ballots: readonly string[][],
): Promise<number> {
  const { accessToken: admin } = await callApi(baseUrl, 'POST', '/auth/login', {
    email: ADMIN.email,
    password: ADMIN.password,
  });
  const suffix = Math.random().toString(36).slice(2, 8);
  const { category } = await callApi(baseUrl, 'POST', '/admin/categories', { name: `Food ${suffix}` }, admin);
  const { topic } = await callApi(
    baseUrl,
    'POST',
    '/admin/topics',
    {
      name: `${title} ${suffix}`,
      description: 'Where to eat the best pizza in town',
      categoryId: category.id,
      language: 'en',
    },
    admin,
  );
  for (const names of ballots) await voteAsNewUser(baseUrl, topic.id, names);
  return topic.id;
}
