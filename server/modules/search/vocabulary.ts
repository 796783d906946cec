import { TermVocabulary } from '../../../common/search/index.js';
import { FINDABLE_ASPECTS } from '../../changes/change-set.js';
import type { CommitSubscriber } from '../../changes/dispatcher.js';
import type { SearchRepository } from './repository.js';

/** Topic ids per read of their terms. */
const TOPIC_BATCH = 500;

/**
 * This process's copy of the index's distinct words (docs/decisions/007), which typo-tolerant search
 * expands query words against. Loaded once, as the server starts (SearchService.warm), then kept in step
 * by the changes (here or, through the cluster channel, on another app server): the terms of re-indexed topics are
 * added; a renamed tag or category, or "everything may have changed", reloads it. Words that leave
 * the index stay until the next load: a lookup of one finds nothing.
 */
export class SearchVocabulary {
  private vocabulary: TermVocabulary | undefined;
  private loading: Promise<TermVocabulary> | undefined;
  /** Words of committed changes being read: a search waits for them, so a write's typos are found at once here. */
  private learning: Promise<void> | undefined;

  constructor(
    private readonly repository: SearchRepository,
    private readonly log: { error: (details: object, message: string) => void },
  ) {}

  /** The vocabulary, loading it the first time, with the words of every change committed so far. */
  async current(): Promise<TermVocabulary> {
    if (this.learning) await this.learning;
    if (this.vocabulary) return this.vocabulary;
    return this.loading ?? this.load();
  }

  private load(): Promise<TermVocabulary> {
    const loading = this.repository
      .termCounts()
      .then((counts) => {
        const loaded = new TermVocabulary(counts);
        if (this.loading === loading) this.vocabulary = loaded;
        return loaded;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }

  private async learn(topicIds: readonly number[]): Promise<void> {
    for (let i = 0; i < topicIds.length; i += TOPIC_BATCH) {
      const terms = await this.repository.termsOfTopics(topicIds.slice(i, i + TOPIC_BATCH));
      // A load under way may have read the index before this change committed: add to what it loads.
      if (this.loading) (await this.loading).add(terms);
      this.vocabulary?.add(terms);
    }
  }

  /** The changes subscriber (server/derived-state.ts). */
  readonly follow: CommitSubscriber = (change) => {
    if ((!this.vocabulary && !this.loading) || !change.touches(FINDABLE_ASPECTS)) return;
    if (change.isEverything || change.tags.size > 0 || change.categories.size > 0) {
      // The current copy serves until the new one is loaded.
      this.load().catch((error: unknown) =>
        this.log.error({ err: error }, 'search vocabulary: reload failed'),
      );
      return;
    }
    const learning = (this.learning ?? Promise.resolve())
      .then(() => this.learn(change.topicsWith(FINDABLE_ASPECTS)))
      .catch((error: unknown) => this.log.error({ err: error }, 'search vocabulary: update failed'))
      .finally(() => {
        if (this.learning === learning) this.learning = undefined;
      });
    this.learning = learning;
  };
}
