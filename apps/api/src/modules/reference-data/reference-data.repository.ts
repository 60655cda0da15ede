import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentTypes, templates, templateTopics } from '../../db/schema';

export const listTemplateNames = (db: Db) =>
  db.select({ id: templates.id, name: templates.name }).from(templates).orderBy(asc(templates.id));

export const listTemplates = (db: Db) =>
  db
    .select({
      id: templates.id,
      name: templates.name,
      description: templates.description,
      medicalProfession: templates.medicalProfession,
      recommend: templates.recommend,
    })
    .from(templates)
    .orderBy(asc(templates.id));

export const templateExists = async (db: Db, id: number) =>
  (await db.select({ id: templates.id }).from(templates).where(eq(templates.id, id))).length > 0;

export const listTopicsOfTemplate = (db: Db, templateId: number) =>
  db
    .select()
    .from(templateTopics)
    .where(eq(templateTopics.templateId, templateId))
    .orderBy(asc(templateTopics.position));

export const listAppointmentTypes = (db: Db) =>
  db.select().from(appointmentTypes).orderBy(asc(appointmentTypes.id));
