import { z } from 'zod';
import { boundedText, dbId } from '../text';

/**
 * A clinician's own templates (issue 27): sections in order, each with a title, guidance (what
 * belongs there, in the clinician's words), a format and optional verbatim text. The same shape
 * is written by the editor, stored by the API and read by both note engines.
 */

const TEMPLATE_SECTION_FORMATS = ['prose', 'bullets'] as const;
export type TemplateSectionFormat = (typeof TEMPLATE_SECTION_FORMATS)[number];

/** The kinds a clinician may choose; the catalogue also has summaries. */
export const OWN_TEMPLATE_KINDS = ['note', 'letter', 'certificate'] as const;
export type OwnTemplateKind = (typeof OWN_TEMPLATE_KINDS)[number];

export const OWN_TEMPLATE_LIMITS = {
  /** Templates one clinician keeps (archived ones do not count). */
  perOwner: 50,
  sections: 30,
  nameChars: 80,
  descriptionChars: 300,
  titleChars: 80,
  guidanceChars: 1_000,
  verbatimChars: 2_000,
  exampleChars: 4_000,
  /** A pasted example note. */
  exampleNoteChars: 20_000,
} as const;

const requiredText = (max: number, what: string) =>
  boundedText(max, what)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, `${what} is required`));

const templateSectionSchema = z.object({
  title: requiredText(OWN_TEMPLATE_LIMITS.titleChars, 'Section title'),
  guidance: boundedText(OWN_TEMPLATE_LIMITS.guidanceChars, 'Guidance').transform((v) => v.trim()),
  format: z.enum(TEMPLATE_SECTION_FORMATS, { error: 'Format is prose or bullets' }),
  /** Fixed wording always included as given (a sign-off, a standard line). */
  verbatim: boundedText(OWN_TEMPLATE_LIMITS.verbatimChars, 'Verbatim text')
    .transform((v) => v.trim())
    .optional(),
  /** How the clinician writes this section (from an example note, identifiers removed). */
  example: boundedText(OWN_TEMPLATE_LIMITS.exampleChars, 'Example')
    .transform((v) => v.trim())
    .optional(),
});
export type TemplateSection = z.infer<typeof templateSectionSchema>;

/** Body of `POST /api/templates/mine` and `PUT /api/templates/mine/{id}`. */
export const ownTemplateInputSchema = z.object({
  name: requiredText(OWN_TEMPLATE_LIMITS.nameChars, 'Template name'),
  kind: z.enum(OWN_TEMPLATE_KINDS, { error: 'Kind is note, letter or certificate' }),
  description: boundedText(OWN_TEMPLATE_LIMITS.descriptionChars, 'Description')
    .transform((v) => v.trim())
    .optional(),
  sections: z
    .array(templateSectionSchema)
    .min(1, 'A template needs at least one section')
    .max(
      OWN_TEMPLATE_LIMITS.sections,
      `A template has at most ${OWN_TEMPLATE_LIMITS.sections} sections`,
    ),
  /** The catalogue template it was copied from, when it was. */
  copiedFromId: dbId().optional(),
});
export type OwnTemplateInput = z.input<typeof ownTemplateInputSchema>;

export const ownTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(OWN_TEMPLATE_KINDS),
  description: z.string(),
  sections: z.array(
    z.object({
      title: z.string(),
      guidance: z.string(),
      format: z.enum(TEMPLATE_SECTION_FORMATS),
      verbatim: z.string().optional(),
      example: z.string().optional(),
    }),
  ),
  copiedFromId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type OwnTemplate = z.infer<typeof ownTemplateSchema>;

/** `DELETE /api/templates/mine/{id}`: deleted outright, or archived when saved notes use it. */
export const ownTemplateDeletedSchema = z.object({
  outcome: z.enum(['deleted', 'archived']),
});
