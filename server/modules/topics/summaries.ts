import type { TagGroupDto, TopicDto, TopicSummaryDto, TopicTagDto } from '../../../common/api/topics.js';
import { BASE_NAME_LANGUAGE, type Language } from '../../../common/constants.js';
import type { Executor } from '../../db/executor.js';
import { CategoriesRepository } from '../catalogue/categories-repository.js';
import type { TextPicker } from '../texts/fallback.js';
import type { TextsService } from '../texts/service.js';
import { HubsRepository } from './hubs-repository.js';
import { type TopicListRow, TopicsRepository } from './repository.js';

function parseTypes(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Topic rows as the API shows them, in one reader's language; texts come from the texts service. */
export class TopicSummaries {
  private readonly repository: TopicsRepository;
  private readonly hubs: HubsRepository;
  private readonly categories: CategoriesRepository;

  constructor(
    db: Executor,
    private readonly texts: TextsService,
  ) {
    this.repository = new TopicsRepository(db);
    this.hubs = new HubsRepository(db);
    this.categories = new CategoriesRepository(db);
  }

  /** List items in one language: a fixed number of batched queries, whatever the number of rows. */
  async summaries(rows: readonly TopicListRow[], language: Language): Promise<TopicSummaryDto[]> {
    return (await this.describe(rows, language)).summaries;
  }

  /** The summaries, and the picker of the topics' texts (which says what language each was read in). */
  private async describe(
    rows: readonly TopicListRow[],
    language: Language,
  ): Promise<{ summaries: TopicSummaryDto[]; topicTexts: TextPicker | undefined }> {
    if (rows.length === 0) return { summaries: [], topicTexts: undefined };
    const topicIds = rows.map((row) => row.id);
    const categoryIds = [...new Set(rows.map((row) => row.category_id))];
    const mainTopicIds = rows.filter((row) => row.is_main === 1).map((row) => row.id);
    const [topicTexts, categories, tagRows, subTopicCounts] = await Promise.all([
      this.texts.picker('topic', topicIds, language),
      this.categories.findByIds(categoryIds),
      this.repository.tagsOfTopics(topicIds),
      this.hubs.activeSubTopicCounts(mainTopicIds),
    ]);
    const [categoryTexts, tagTexts] = await Promise.all([
      this.texts.picker('category', categoryIds, language),
      this.texts.picker(
        'tag',
        tagRows.map((row) => row.id),
        language,
      ),
    ]);
    const categoryById = new Map(
      categories.map((c) => [
        c.id,
        {
          id: c.id,
          slug: c.slug,
          name: categoryTexts.pick(c.id, 'name', { text: c.name, language: BASE_NAME_LANGUAGE }),
        },
      ]),
    );
    const tagsByTopic = new Map<number, TopicTagDto[]>();
    for (const row of tagRows) {
      let list = tagsByTopic.get(row.topic_id);
      if (!list) {
        list = [];
        tagsByTopic.set(row.topic_id, list);
      }
      list.push({
        id: row.id,
        slug: row.slug,
        name: tagTexts.pick(row.id, 'name', { text: row.name, language: BASE_NAME_LANGUAGE }),
        type: row.type,
      });
    }
    const summaries = rows.map((row): TopicSummaryDto => {
      const title = topicTexts.pick(row.id, 'title', { text: row.title, language: row.language });
      return {
        id: row.id,
        slug: row.slug,
        readableId: row.readable_id,
        title,
        name: title,
        description: topicTexts.pick(row.id, 'description', {
          text: row.description,
          language: row.language,
        }),
        category: categoryById.get(row.category_id) ?? { id: row.category_id, slug: '', name: '' },
        tags: tagsByTopic.get(row.id) ?? [],
        voteCount: Number(row.vote_count),
        type: row.is_main === 1 ? 'main' : 'sub',
        isMainTopic: row.is_main === 1,
        mainTopicId: row.main_topic_id,
        subTopicCount: subTopicCounts.get(row.id) ?? 0,
        language: row.language,
      };
    });
    return { summaries, topicTexts };
  }

  /** One topic with its counts and its main topic's title, in one language. */
  async detail(row: TopicListRow, language: Language): Promise<TopicDto> {
    const [{ summaries, topicTexts }, counts, mainTopicTitle] = await Promise.all([
      this.describe([row], language),
      this.repository.counts(row.id),
      row.main_topic_id === null ? null : this.titles([row.main_topic_id], language),
    ]);
    const [summary] = summaries;
    if (!summary || !topicTexts) throw new Error('unreachable: one row gives one summary');
    return {
      ...summary,
      categoryId: summary.category.id,
      categoryName: summary.category.name,
      isActive: row.is_active === 1,
      mainTopic: row.main_topic_id === null ? null : (mainTopicTitle?.get(row.main_topic_id) ?? null),
      mandatoryTypes: parseTypes(row.mandatory_types),
      propositionCount: counts.propositions,
      shownLanguage: topicTexts.languageOf(row.id, 'title', { text: row.title, language: row.language }),
      lastVoteAt: counts.lastVoteAt,
      ballotsCast: summary.voteCount + counts.uncountedBallots,
      ballotsCounted: summary.voteCount,
    };
  }

  /** Topic titles in one language, by id. */
  async titles(ids: readonly number[], language: Language): Promise<Map<number, string>> {
    const [rows, texts] = await Promise.all([
      this.repository.titlesOf(ids),
      this.texts.picker('topic', ids, language),
    ]);
    return new Map(
      rows.map((row) => [row.id, texts.pick(row.id, 'title', { text: row.title, language: row.language })]),
    );
  }

  /** Tag rows grouped by type with names in one language, types in their usual order. */
  async groupTags(
    rows: ReadonlyArray<{ id: number; slug: string; name: string; type: string; topic_count: number }>,
    language: Language,
  ): Promise<TagGroupDto[]> {
    const texts = await this.texts.picker(
      'tag',
      rows.map((row) => row.id),
      language,
    );
    const groups = new Map<string, TagGroupDto>();
    for (const row of rows) {
      let group = groups.get(row.type);
      if (!group) {
        group = { type: row.type, tags: [] };
        groups.set(row.type, group);
      }
      group.tags.push({
        id: row.id,
        slug: row.slug,
        name: texts.pick(row.id, 'name', { text: row.name, language: BASE_NAME_LANGUAGE }),
        type: row.type,
        topicCount: Number(row.topic_count),
      });
    }
    const sorted = [...groups.values()].sort((a, b) => a.type.localeCompare(b.type));
    for (const group of sorted) group.tags.sort((a, b) => a.name.localeCompare(b.name));
    return sorted;
  }
}
