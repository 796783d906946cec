import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/languages.js';
import { makeCategory, makeProposition, makeTopic } from '../../test/catalogue-factory.js';
import { registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, vote } from '../votes/test-helpers.js';

// A stand-in for the built index.html with the same head the real build has.
const INDEX_HTML = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Podium: community rankings." />
    <title>Podium</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>
</html>
`;
const PUBLIC_URL = 'https://podium.example';

let server: TestServer;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'podium-dist-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  server = await startTestServer({ webDistDir: distDir, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

const db = () => server.ctx.db;

async function hostileTopic() {
  const category = await makeCategory(db());
  const topic = await makeTopic(db(), {
    categoryId: category.id,
    title: 'Pizza "best" <b>&</b> $& co',
    description: 'Où manger </title><script>alert(1)</script>',
    language: 'fr',
    titles: { en: 'Best pizza in Paris', de: 'Beste Pizza' },
    descriptions: { en: 'Where to eat pizza' },
  });
  await makeProposition(db(), topic.id, 'Da Marco</script><script>alert(2)</script>', { first: 3 });
  await makeProposition(db(), topic.id, 'Chez Luigi', { second: 1 });
  return topic;
}

describe('topic pages served with their own head tags', () => {
  it('puts the title, description, Open Graph, Twitter, canonical and hreflang tags in the served HTML', async () => {
    const topic = await hostileTopic();
    const response = await server.request('GET', `/topic/${topic.id}?lng=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = response.text;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Best pizza in Paris · Podium</title>');
    expect(html).toContain('<meta name="description" content="Where to eat pizza">');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title" content="Best pizza in Paris">');
    expect(html).toContain('<meta property="og:description" content="Where to eat pizza">');
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/topic/${topic.id}?lng=en">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="twitter:title" content="Best pizza in Paris">');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/topic/${topic.id}?lng=en">`);
    for (const lng of LANGUAGES) {
      expect(html).toContain(
        `<link rel="alternate" hreflang="${lng}" href="${PUBLIC_URL}/topic/${topic.id}?lng=${lng}">`,
      );
    }
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it("names the topic's share card in the page's language, with its size and what it shows", async () => {
    const topic = await hostileTopic();
    const card = `${PUBLIC_URL}/api/topics/${topic.id}/card.png?lng=en`;
    const html = (await server.request('GET', `/topic/${topic.id}?lng=en`)).text;
    expect(html).toContain(`<meta property="og:image" content="${card.replace('&', '&amp;')}">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta property="og:image:type" content="image/png">');
    const alt =
      'Podium of “Best pizza in Paris”: 1. Da Marco&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt; (9 points), 2. Chez Luigi (2 points)';
    expect(html).toContain(`<meta property="og:image:alt" content="${alt}">`);
    expect(html).toContain(`<meta name="twitter:image" content="${card}">`);
    expect(html).toContain(`<meta name="twitter:image:alt" content="${alt}">`);
    const german = (await server.request('GET', `/topic/${topic.id}?lng=de`)).text;
    expect(german).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/api/topics/${topic.id}/card.png?lng=de">`,
    );
    expect(german).toContain('content="Podium von „Beste Pizza“: 1. Da Marco');
  });

  it("gives a hub's page its card of the sub-topics' leaders", async () => {
    const category = await makeCategory(db());
    const hub = await makeTopic(db(), {
      categoryId: category.id,
      isMain: true,
      language: 'en',
      title: 'Paris',
    });
    const sub = await makeTopic(db(), {
      categoryId: category.id,
      mainTopicId: hub.id,
      language: 'en',
      title: 'Best bakery',
    });
    await makeProposition(db(), sub.id, 'Du Pain et des Idées', { first: 2 });
    const html = (await server.request('GET', `/topic/${hub.id}?lng=en`)).text;
    expect(html).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/api/topics/${hub.id}/card.png?lng=en">`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(
      '<meta property="og:image:alt" content="Leaders of the rankings of “Paris”: Best bakery: Du Pain et des Idées">',
    );
  });

  it('keeps the text summary card on pages without a share image', async () => {
    const html = (await server.request('GET', '/methodology?lng=en')).text;
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('og:image');
  });

  it('renders the page in the language of ?lng, French by default, and finds the topic by slug too', async () => {
    const topic = await hostileTopic();
    const german = await server.request('GET', `/topic/${topic.id}?lng=de`);
    expect(german.text).toContain('<title>Beste Pizza · Podium</title>');
    expect(german.text).toContain('<html lang="de"');
    const french = await server.request('GET', `/topic/${encodeURIComponent(topic.slug)}`);
    expect(french.status).toBe(200);
    expect(french.text).toContain('<html lang="fr"');
    const unknownLanguage = await server.request('GET', `/topic/${topic.id}?lng=zz`);
    expect(unknownLanguage.text).toContain('<html lang="fr"');
  });

  it('escapes titles and descriptions in text and attributes', async () => {
    const topic = await hostileTopic();
    const html = (await server.request('GET', `/topic/${topic.id}?lng=fr`)).text;
    expect(html).toContain(
      '<title>Pizza &quot;best&quot; &lt;b&gt;&amp;&lt;/b&gt; $&amp; co · Podium</title>',
    );
    expect(html).toContain('content="Pizza &quot;best&quot; &lt;b&gt;&amp;&lt;/b&gt; $&amp; co"');
    expect(html).toContain('content="Où manger &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script>alert');
  });

  it('carries the ranking as JSON-LD that a </script> in a name cannot break out of', async () => {
    const topic = await hostileTopic();
    const html = (await server.request('GET', `/topic/${topic.id}?lng=en`)).text;
    const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(match).not.toBeNull();
    const jsonLd = JSON.parse(match?.[1] ?? '');
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Best pizza in Paris',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Da Marco</script><script>alert(2)</script>' },
        { '@type': 'ListItem', position: 2, name: 'Chez Luigi' },
      ],
    });
    expect(match?.[1]).not.toContain('<');
  });

  it('shows a vote in the very next page served, though pages are kept between requests', async () => {
    const topic = await hostileTopic();
    const items = async () => {
      const html = (await server.request('GET', `/topic/${topic.id}?lng=en`)).text;
      const jsonLd = JSON.parse(
        /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '',
      );
      return (jsonLd.itemListElement as { name: string; description: string }[]).map(
        (item) => `${item.name}: ${item.description}`,
      );
    };
    expect(await items()).toContain('Chez Luigi: 2 points, 1 votes');
    const voter = await registerUser(server);
    const cast = await vote(server, voter.accessToken, ballot(topic.id, ['Chez Luigi']));
    expect(cast.status).toBeLessThan(300);
    expect(await items()).toContain('Chez Luigi: 5 points, 2 votes');
  });

  it('serves the app with a 404 status and a generic title for an unknown or inactive topic', async () => {
    const category = await makeCategory(db());
    const inactive = await makeTopic(db(), {
      categoryId: category.id,
      title: 'Hidden topic',
      isActive: false,
    });
    for (const path of ['/topic/999999', '/topic/no-such-topic', `/topic/${inactive.id}`]) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.text).toContain('<title>Podium</title>');
      expect(response.text).toContain('<div id="root">');
      expect(response.text).toContain('noindex');
      expect(response.text).not.toContain('Hidden topic');
    }
  });
});

describe('sitemap and robots.txt', () => {
  it('lists every active topic with its language alternates, and not the inactive ones', async () => {
    const category = await makeCategory(db());
    const active = await makeTopic(db(), { categoryId: category.id });
    const inactive = await makeTopic(db(), { categoryId: category.id, isActive: false });
    const response = await server.request('GET', '/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    expect(response.text).toContain(`<loc>${PUBLIC_URL}/topic/${active.id}?lng=fr</loc>`);
    expect(response.text).toContain(
      `<xhtml:link rel="alternate" hreflang="de" href="${PUBLIC_URL}/topic/${active.id}?lng=de"/>`,
    );
    expect(response.text).not.toContain(`/topic/${inactive.id}?`);
    const page = await server.request('GET', '/sitemaps/topics-1.xml');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`/topic/${active.id}?lng=fr`);
    expect((await server.request('GET', '/sitemaps/topics-0.xml')).status).toBe(404);
  });

  it('points robots.txt at the sitemap and keeps crawlers out of the admin and the API', async () => {
    const response = await server.request('GET', '/robots.txt');
    expect(response.status).toBe(200);
    expect(response.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(response.text).toContain('Disallow: /admin');
    expect(response.text).toContain('Disallow: /api/');
  });
});

describe('the UI catalog handed to the page', () => {
  const catalogIn = (html: string) => {
    const match = html.match(
      /<script type="application\/json" id="podium-ui-catalog" data-language="([a-z]+)">([^<]*)<\/script>/,
    );
    return match ? { language: match[1], catalog: JSON.parse(match[2] as string) } : undefined;
  };

  it("carries the catalog of the browser's language, the same the API serves, so the app starts without fetching it", async () => {
    const page = await server.request('GET', '/', {
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    const embedded = catalogIn(page.text);
    const api = await server.request('GET', '/api/translations/ui/de?fallback=fr');
    expect(embedded?.language).toBe('de');
    expect(embedded?.catalog).toEqual(api.body.data.translations);
    expect(Object.keys(embedded?.catalog ?? {}).length).toBeGreaterThan(50);
  });

  it('follows the lng parameter on topic pages and falls back to French for an unsupported browser language', async () => {
    const topic = await hostileTopic();
    const topicPage = await server.request('GET', `/topic/${topic.id}?lng=es`);
    expect(catalogIn(topicPage.text)?.language).toBe('es');
    const home = await server.request('GET', '/search', { headers: { 'accept-language': 'ja-JP' } });
    expect(catalogIn(home.text)?.language).toBe('fr');
  });

  it('cannot be broken out of by a translation that contains markup', async () => {
    const now = new Date().toISOString();
    await db()
      .insertInto('translations')
      .values({
        entity_type: 'ui',
        entity_id: 0,
        key: 'test.hostile',
        language: 'en',
        value: '</script><script>alert(1)</script>',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const page = await server.request('GET', '/profile', { headers: { 'accept-language': 'en' } });
    expect(page.text).not.toContain('<script>alert(1)');
    expect(catalogIn(page.text)?.catalog['test.hostile']).toBe('</script><script>alert(1)</script>');
  });
});
