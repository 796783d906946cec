import { isLanguage } from '../../../common/constants.js';
import { errors } from '../../http/errors.js';
import type { BaseTextStore, BaseTexts } from '../texts/service.js';
import { TopicsRepository } from './repository.js';

/**
 * A topic's title and description in its own language live on its row: the texts service reads and
 * writes them here, so that an edit in the topic's own language, whichever API makes it, changes
 * what every visitor reads.
 */
export const topicBaseTexts: BaseTextStore = {
  async read(db, ids) {
    const rows = await new TopicsRepository(db).baseTexts(ids);
    const texts = new Map<number, BaseTexts>();
    for (const row of rows) {
      if (!isLanguage(row.language)) continue;
      texts.set(row.id, {
        language: row.language,
        texts: { title: row.title, description: row.description },
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      });
    }
    return texts;
  },

  async write(trx, change, id, key, value) {
    const text = value?.trim() || null;
    if (key === 'title') {
      if (text === null) throw errors.validation('Title is required', 'title');
      const topic = await new TopicsRepository(trx).findFull(id);
      const topics = new TopicsRepository(trx);
      if (topic.is_main === 1 && (await topics.mainTitleTaken(topic.category_id, text, id))) {
        throw errors.topicExists();
      }
      await new TopicsRepository(trx).updateTopic(id, { title: text }, change.at);
    } else {
      await new TopicsRepository(trx).updateTopic(id, { description: text }, change.at);
    }
    change.topic(id, 'texts');
  },

  hiddenFromVisitors: (db) => new TopicsRepository(db).inactiveIds(),
};
