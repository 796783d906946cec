import { z } from 'zod';
import { LIMITS } from '../constants.js';
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

export interface TranslationDto {
  id: number;
  entityType: TranslationEntityType;
  /** null for UI texts. */
  entityId: number | null;
  key: string;
  language: string;
  value: string;
  createdAt: string;
  updatedAt: string;
}

export interface TranslationListData {
  translations: TranslationDto[];
  total: number;
}

export interface MissingTranslationDto {
  key: string;
  /** The French text, the reference every other language is compared with. */
  reference: string;
}

export interface MissingTranslationsData {
  language: string;
  missing: MissingTranslationDto[];
  total: number;
}

/**
 * One text as the store's single-record routes return it: a translation row, or an entity's base
 * text (its text in its own language, kept on the entity itself), which has no id.
 */
export interface TextRecordDto extends Omit<TranslationDto, 'id'> {
  id: number | null;
}

/** POST /api/translations answers the text written and whether it created the record or replaced it. */
export interface UpsertTranslationData {
  translation: TextRecordDto;
  created: boolean;
}
