import { z } from 'zod';
import { dbId } from './text';

/** Spec point 7: `GET /api/templates/` lists id and name. */
export const templateListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type TemplateListItem = z.infer<typeof templateListItemSchema>;

/** Spec point 3: Template (id, name, description, medicalProfession, recommend). */
export const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  medicalProfession: z.string(),
  /** 1 = recommended, 0 = not (kept numeric as in the spec). */
  recommend: z.number().int().min(0).max(1),
  /** true for the user's own templates (issue 27); absent for the catalogue's. */
  own: z.boolean().optional(),
  /** true for a template the clinician's clinic shares (issue 29); absent otherwise. */
  clinic: z.boolean().optional(),
});
export type Template = z.infer<typeof templateSchema>;

/** Spec point 3: Template topic (id, name, also seen as topicName). */
export const templateTopicSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  name: z.string(),
  topicName: z.string(),
  position: z.number().int(),
  guidance: z.string(),
});
export type TemplateTopic = z.infer<typeof templateTopicSchema>;

/** Spec point 3: Appointment type (id, name); id 1 is "General Consult". */
export const appointmentTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;

export const DEFAULT_APPOINTMENT_TYPE_ID = 1;

/** Path parameter `{id}` for numeric ids; a non-number is a 400, not a 500. */
export const numericIdParamsSchema = z.object({ id: dbId() });
/** Path parameter `{id}` for user ids (identity subject ids are opaque strings). */
export const userIdParamsSchema = z.object({
  id: z.string().min(1).max(200),
});
