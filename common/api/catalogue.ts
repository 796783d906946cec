import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { OTHER_LANGUAGES, type OtherLanguage } from '../languages.js';
import { apiComponents } from './components.js';
import { idParam, languageField } from './fields.js';
import { topicProposalPolicyField } from './proposals.js';
import { topicCategoryDto, topicData, topicDto } from './topics.js';
import { propositionNameField } from './votes.js';

/**
 * Request schemas and response shapes of the back-office catalogue: categories, tags, the admin
 * topic list and edits, and the topic wizard. Texts of the other languages travel as `translations`.
 */

const nameField = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(max, `Name must be at most ${max} characters`)
    .refine((name) => /[\p{L}\p{N}]/u.test(name), 'Name must contain a letter or a digit');

export const categoryNameField = nameField(LIMITS.categoryNameMax);
export const tagNameField = nameField(LIMITS.tagNameMax);

/** Names in the other languages; an empty string (or null) on an edit removes that translation. */
const translationsOf = (field: typeof categoryNameField) => {
  const optionalName = z.union([field, z.literal(''), z.null()]).optional();
  return z.object(
    Object.fromEntries(OTHER_LANGUAGES.map((code) => [code, optionalName])) as Record<
      OtherLanguage,
      typeof optionalName
    >,
  );
};

/** A tag type: one of TAG_TYPES or a custom one, always upper case. */
export const tagTypeField = z
  .string()
  .trim()
  .min(1, 'Please select or create a tag type')
  .max(40, 'Tag type must be at most 40 characters')
  .regex(/^[\p{L}\p{N} _-]+$/u, 'Tag type may contain letters, digits, spaces, "_" and "-" only')
  .transform((type) => type.toUpperCase().replace(/[\s-]+/g, '_'));

export const entityIdParams = z.object({ id: idParam });
export const entityTranslationParams = z.object({ id: idParam, lang: z.string().max(20) });

// Categories ---------------------------------------------------------------------------------------

/** `name` is the English name (DESIGN: the base text of catalogue entities is English). */
export const createCategoryBody = z.object({
  name: categoryNameField,
  slug: z.string().trim().max(100).optional(),
  /** Accepted for the spec's clients; the base name is English whatever it says. */
  language: languageField.optional(),
  parentId: idParam.nullish(),
  translations: translationsOf(categoryNameField).optional(),
});
export type CreateCategoryInput = z.output<typeof createCategoryBody>;

export const updateCategoryBody = z.object({
  name: categoryNameField.optional(),
  parentId: idParam.nullish(),
  translations: translationsOf(categoryNameField).optional(),
});
export type UpdateCategoryInput = z.output<typeof updateCategoryBody>;

/** The language is checked by the route (400 UNSUPPORTED_LANGUAGE), not here. */
export const addTranslationBody = z.object({ language: z.string().max(20), name: categoryNameField });
export const putTranslationBody = z.object({ name: categoryNameField });

export const deleteCategoryQuery = z.object({
  force: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export const nameTranslationDto = z
  .object({ language: languageField, name: z.string() })
  .register(apiComponents, { id: 'NameTranslationDto' });
export type NameTranslationDto = z.infer<typeof nameTranslationDto>;

export const adminCategoryDto = z
  .object({
    id: z.int(),
    slug: z.string(),
    /** The English base name. */
    name: z.string(),
    parentId: z.int().nullable(),
    isSystem: z.boolean(),
    translations: z.array(nameTranslationDto),
    counts: z.object({ mainTopics: z.int(), topics: z.int(), tags: z.int(), subcategories: z.int() }),
  })
  .register(apiComponents, { id: 'AdminCategoryDto' });
export type AdminCategoryDto = z.infer<typeof adminCategoryDto>;

export const adminCategoriesData = z.object({ categories: z.array(adminCategoryDto) });
export type AdminCategoriesData = z.infer<typeof adminCategoriesData>;

export const categoryData = z.object({ category: adminCategoryDto });

/** What a force delete moved to `unassigned`. */
export const categoryDeleteData = z.object({
  deleted: z.literal(true),
  moved: z.object({ topics: z.int(), tags: z.int(), subcategories: z.int() }),
});
export type CategoryDeleteData = z.infer<typeof categoryDeleteData>;

// Tags ---------------------------------------------------------------------------------------------

export const createTagBody = z.object({
  name: tagNameField,
  slug: z.string().trim().max(100).optional(),
  type: tagTypeField,
  categoryId: idParam,
  language: languageField.optional(),
  translations: translationsOf(tagNameField).optional(),
});
export type CreateTagInput = z.output<typeof createTagBody>;

export const updateTagBody = z.object({
  name: tagNameField.optional(),
  type: tagTypeField.optional(),
  /** null: "No category". */
  categoryId: idParam.nullable().optional(),
  translations: translationsOf(tagNameField).optional(),
});
export type UpdateTagInput = z.output<typeof updateTagBody>;

export const adminTagDto = z
  .object({
    id: z.int(),
    slug: z.string(),
    /** The English base name. */
    name: z.string(),
    type: z.string(),
    categoryId: z.int().nullable(),
    category: topicCategoryDto.nullable(),
    translations: z.array(nameTranslationDto),
    /** Number of topics labelled with the tag. */
    usage: z.int(),
  })
  .register(apiComponents, { id: 'AdminTagDto' });
export type AdminTagDto = z.infer<typeof adminTagDto>;

export const adminTagsData = z.object({ tags: z.array(adminTagDto) });
export type AdminTagsData = z.infer<typeof adminTagsData>;

export const tagData = z.object({ tag: adminTagDto });
export const tagDeleteData = z.object({ deleted: z.literal(true) });

// Topics -------------------------------------------------------------------------------------------

export const topicKeyParam = z.object({ slugOrId: z.string().min(1).max(255) });
export const topicTagParams = z.object({
  slugOrId: z.string().min(1).max(255),
  tagSlug: z.string().min(1).max(100),
});
export const topicPropositionParams = z.object({ slugOrId: z.string().min(1).max(255), id: idParam });

export const adminTopicsQuery = z.object({
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  lang: z.string().max(20).optional(),
  language: z.string().max(20).optional(),
});

/** SPEC 7: slug, title, description, categorySlug, tags (slugs); `language` edits that translation. */
export const updateTopicBody = z.object({
  slug: z.string().trim().min(1).max(255).optional(),
  title: z.string().trim().min(1, 'Title is required').max(LIMITS.topicTitleMax).optional(),
  description: z.string().trim().max(LIMITS.topicDescriptionMax).nullable().optional(),
  categorySlug: z.string().trim().min(1).max(100).optional(),
  tags: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  language: languageField.optional(),
  /** Issue 34: how a new name typed on it is treated; null follows the global setting. */
  proposalPolicy: topicProposalPolicyField.optional(),
});
export type UpdateTopicInput = z.output<typeof updateTopicBody>;

export const addTopicTagBody = z.object({ tagSlug: z.string().trim().min(1).max(100) });
export const propositionBody = z.object({ itemName: propositionNameField });
/** Merges the proposition of the address into `intoId`, of the same topic (issue 34). */
export const mergePropositionBody = z.object({ intoId: idParam });

/** A row of the back-office topic list: the topic's own fields of TopicDto, and its counts. */
export const adminTopicDto = topicDto
  .pick({
    id: true,
    slug: true,
    readableId: true,
    title: true,
    description: true,
    language: true,
    category: true,
    type: true,
    isMainTopic: true,
    isActive: true,
    mainTopicId: true,
    mainTopic: true,
    voteCount: true,
  })
  .extend({
    counts: z.object({ propositions: z.int(), subTopics: z.int() }),
    createdAt: z.string(),
  })
  .register(apiComponents, { id: 'AdminTopicDto' });

/** A topic as the back-office edits it: its page's fields, and its own proposal policy (issue 34). */
export const adminTopicData = topicData.extend({ proposalPolicy: topicProposalPolicyField });
export type AdminTopicData = z.infer<typeof adminTopicData>;
export type AdminTopicDto = z.infer<typeof adminTopicDto>;

export const adminTopicsData = z.object({
  topics: z.array(adminTopicDto),
  statusCounts: z.object({ all: z.int(), active: z.int(), inactive: z.int() }),
});
export type AdminTopicsData = z.infer<typeof adminTopicsData>;

/** A main topic deleted with its sub-topics: how many of those, and of their propositions and votes, went with it. */
export const topicDeleteData = z.object({
  deleted: z.literal(true),
  subTopics: z.int(),
  propositions: z.int(),
  votes: z.int(),
});

export const propositionDto = z
  .object({ id: z.int(), itemName: z.string(), totalPoints: z.int(), voteCount: z.int() })
  .register(apiComponents, { id: 'PropositionDto' });
export type PropositionDto = z.infer<typeof propositionDto>;

export const propositionData = z.object({ proposition: propositionDto });

/** A proposition deleted with its votes: the topic's voter count after it. */
export const propositionDeleteData = z.object({ deleted: z.literal(true), topicVoteCount: z.int() });

// Topic wizard -------------------------------------------------------------------------------------

export const WIZARD_MAX_TOPICS = 500;

export const topicWizardBody = z.object({
  categoryId: idParam,
  mainTopicName: z
    .string()
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(LIMITS.topicTitleMax - 60),
  description: z.string().trim().max(LIMITS.topicDescriptionMax).nullish(),
  /** The language the main name is written in; tag names in sub-topic titles follow it. */
  language: languageField.default('en'),
  /** Step 3: the tag types the sub-topics combine (the main topic's mandatoryTypes). */
  types: z.array(tagTypeField).min(1).max(10),
  /** Step 4: each combination is a subset of `types`. */
  combinations: z
    .array(z.array(tagTypeField).min(1).max(10))
    .min(1, 'Please create at least one tag combination')
    .max(20),
});
export type TopicWizardInput = z.output<typeof topicWizardBody>;

const wizardTopic = z.object({ id: z.int(), slug: z.string(), title: z.string() });

export const topicWizardData = z.object({
  mainTopic: wizardTopic,
  /** True when a main topic of that name already existed in the category and was reused. */
  reusedMainTopic: z.boolean(),
  created: z.array(wizardTopic),
  /** Names skipped because the main topic already has a sub-topic of that name. */
  skipped: z.array(z.string()),
});
export type TopicWizardData = z.infer<typeof topicWizardData>;

/** A tag as the wizard combines it: its name already in the wizard's language. */
export interface WizardTag {
  id: number;
  slug: string;
  type: string;
  label: string;
}

export interface PlannedSubTopic {
  title: string;
  tags: WizardTag[];
}

/**
 * SPEC 5 wizard naming, shared by the preview and the server: for each combination, the cross
 * product of the tags of its types (types with no tags skipped), named main name + tag names in the
 * combination's type order. A name seen before in the run (case and accents aside) is skipped.
 */
export function planSubTopics(
  mainName: string,
  combinations: readonly (readonly string[])[],
  tags: readonly WizardTag[],
  fold: (text: string) => string,
): PlannedSubTopic[] {
  const byType = new Map<string, WizardTag[]>();
  for (const tag of tags) {
    const list = byType.get(tag.type);
    if (list) list.push(tag);
    else byType.set(tag.type, [tag]);
  }
  const seen = new Set<string>();
  const planned: PlannedSubTopic[] = [];
  for (const combination of combinations) {
    const groups = [...new Set(combination)]
      .map((type) => byType.get(type) ?? [])
      .filter((group) => group.length > 0);
    if (groups.length === 0) continue;
    let products: WizardTag[][] = [[]];
    for (const group of groups) products = products.flatMap((prefix) => group.map((tag) => [...prefix, tag]));
    for (const product of products) {
      const title = [mainName.trim(), ...product.map((tag) => tag.label)].join(' ');
      const key = fold(title);
      if (seen.has(key)) continue;
      seen.add(key);
      planned.push({ title, tags: product });
    }
  }
  return planned;
}
