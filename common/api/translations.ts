import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { apiComponents } from './components.js';
import { idParam, languageField } from './fields.js';

/** Request schemas and response shapes of the translation store API (SPEC 7 "Translations"). */

export const TRANSLATION_ENTITY_TYPES = ['ui', 'category', 'tag', 'topic'] as const;
export type TranslationEntityType = (typeof TRANSLATION_ENTITY_TYPES)[number];

/** The keys a catalogue entity carries (DESIGN.md "Data rules"); UI keys are free semantic dotted keys. */
export const ENTITY_KEYS: Record<Exclude<TranslationEntityType, 'ui'>, readonly string[]> = {
  category: ['name'],
  tag: ['name'],
  topic: ['title', 'description'],
};

export const KEY_AND_VALUE_REQUIRED = 'Key and value are required';

const entityTypeField = z.enum(TRANSLATION_ENTITY_TYPES, {
  error: 'Type must be one of ui, category, tag, topic',
});

/** A language in a path or query is checked by the route (400 UNSUPPORTED_LANGUAGE), not here. */
const languageText = z.string().max(20);

export const translationKeyField = z
  .string({ error: KEY_AND_VALUE_REQUIRED })
  .trim()
  .min(1, KEY_AND_VALUE_REQUIRED)
  .max(LIMITS.translationKeyMax, `Key must be at most ${LIMITS.translationKeyMax} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Key may contain letters, digits, "_", "." and "-" only');

export const translationValueField = z
  .string({ error: KEY_AND_VALUE_REQUIRED })
  .trim()
  .min(1, KEY_AND_VALUE_REQUIRED)
  .max(LIMITS.translationValueMax, `Value must be at most ${LIMITS.translationValueMax} characters`);

export const fallbackQuery = z.object({ fallback: languageText.optional() });

export const entityParams = z.object({ type: entityTypeField, id: z.string().max(20), lang: languageText });
export const entityAllParams = z.object({ type: entityTypeField, lang: languageText });
export const recordParams = z.object({
  type: entityTypeField,
  id: z.string().max(20),
  field: z.string().max(LIMITS.translationKeyMax),
  lang: languageText,
});

export const upsertTranslationBody = z.object({
  entityType: entityTypeField,
  /** null (or 0) for UI texts, the entity's id otherwise. */
  entityId: z.union([z.null(), z.literal(0), idParam]).optional(),
  key: translationKeyField,
  language: languageField,
  value: translationValueField,
});
export type UpsertTranslationInput = z.input<typeof upsertTranslationBody>;

export const adminTranslationListQuery = z.object({
  language: languageText.optional(),
  entityType: z.union([entityTypeField, z.literal('all')]).optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const missingTranslationsQuery = z.object({ language: languageText });

export const translationDto = z
  .object({
    id: z.int(),
    entityType: entityTypeField,
    /** null for UI texts. */
    entityId: z.int().nullable(),
    key: z.string(),
    language: z.string(),
    value: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiComponents, { id: 'TranslationDto' });
export type TranslationDto = z.infer<typeof translationDto>;

export const translationListData = z.object({ translations: z.array(translationDto), total: z.int() });
export type TranslationListData = z.infer<typeof translationListData>;

export const missingTranslationDto = z
  .object({
    key: z.string(),
    /** The French text, the reference every other language is compared with. */
    reference: z.string(),
  })
  .register(apiComponents, { id: 'MissingTranslationDto' });
export type MissingTranslationDto = z.infer<typeof missingTranslationDto>;

export const missingTranslationsData = z.object({
  language: z.string(),
  missing: z.array(missingTranslationDto),
  total: z.int(),
});
export type MissingTranslationsData = z.infer<typeof missingTranslationsData>;

/**
 * One text as the store's single-record routes return it: a translation row, or an entity's base
 * text (its text in its own language, kept on the entity itself), which has no id.
 */
export const textRecordDto = translationDto
  .extend({ id: z.int().nullable() })
  .register(apiComponents, { id: 'TextRecordDto' });
export type TextRecordDto = z.infer<typeof textRecordDto>;

/** GET and DELETE /api/translations/{type}/{id}/{field}/{lang}: the record read, or the one removed. */
export const textRecordData = z.object({ translation: textRecordDto });

/** POST /api/translations answers the text written and whether it created the record or replaced it. */
export const upsertTranslationData = z.object({ translation: textRecordDto, created: z.boolean() });
export type UpsertTranslationData = z.infer<typeof upsertTranslationData>;

/** Key -> text. */
const textsByKey = z.record(z.string(), z.string());

/** GET /api/translations/ui/{lang}: every UI text of the language, completed from the fallback. */
export const uiTranslationsData = z.object({ language: languageField, translations: textsByKey });

/** GET /api/translations/entity/{type}/{id}/{lang}: the texts of one entity (id null for UI texts). */
export const entityTranslationsData = z.object({
  entityType: entityTypeField,
  entityId: z.int().nullable(),
  language: languageField,
  translations: textsByKey,
});

/** GET /api/translations/entity/{type}/all/{lang}: entity id ("null" for UI texts) -> key -> text. */
export const allEntityTranslationsData = z.object({
  entityType: entityTypeField,
  language: languageField,
  translations: z.record(z.string(), textsByKey),
});
