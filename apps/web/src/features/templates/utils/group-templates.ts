import { GENERAL_MEDICINE, type Template } from '@clerkly/contracts';

export type TemplateGroups = {
  mine: Template[];
  clinic: Template[];
  recommended: Template[];
  other: Template[];
};

/**
 * Spec point 6: templates for 'General medicine' or the user's own profession are recommended,
 * when the catalogue marks them so (recommend = 1, spec point 3).
 */
function isRecommendedFor(template: Template, profession: string | null): boolean {
  if (template.recommend !== 1) return false;
  return (
    template.medicalProfession === GENERAL_MEDICINE ||
    (profession !== null && template.medicalProfession === profession)
  );
}

/**
 * The groups of the Templates page: the user's own (issue 27), their clinic's shared ones
 * (issue 29), then the catalogue's two.
 */
export function groupTemplates(
  templates: readonly Template[],
  profession: string | null,
): TemplateGroups {
  const groups: TemplateGroups = { mine: [], clinic: [], recommended: [], other: [] };
  for (const template of templates) {
    if (template.own) groups.mine.push(template);
    else if (template.clinic) groups.clinic.push(template);
    else
      (isRecommendedFor(template, profession) ? groups.recommended : groups.other).push(template);
  }
  return groups;
}

/** Search over name, description and profession; every word must match somewhere. */
export function searchTemplates(templates: readonly Template[], query: string): Template[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...templates];
  return templates.filter((template) => {
    const haystack =
      `${template.name} ${template.description} ${template.medicalProfession}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
