import type { z } from 'zod';

/**
 * One engine's registry entry (issue 22, item 4): the environment variables it reads, what it
 * must have when chosen, the settings it takes from them, and how it is built. Each family's
 * registry holds one entry per kind of its catalogue in `@clerkly/contracts`, so `config/env.ts`,
 * `config/config.ts` and the registry all follow the catalogue, and a new engine is its catalogue
 * entry, its adapter file and its registry entry.
 */
export interface EngineDefinition<Shape extends z.ZodRawShape, Settings, Context, Engine> {
  /** Its own variables, validated at boot with everything else (always optional or defaulted). */
  env: Shape;
  /** Why it cannot run as configured ("VAR: required when …"), checked at boot when chosen. */
  problems?: (env: z.infer<z.ZodObject<Shape>>) => string[];
  settings: (env: z.infer<z.ZodObject<Shape>>) => Settings;
  create: (settings: Settings, context: Context) => Engine | Promise<Engine>;
}

/** Infers an entry's settings from its `settings` function, so the config type follows it. */
export const defineEngine =
  <Context, Engine>() =>
  <Shape extends z.ZodRawShape, Settings>(
    definition: EngineDefinition<Shape, Settings, Context, Engine>,
  ) =>
    definition;

/** What the helpers below read of an entry, whatever its settings. */
interface AnyDefinition {
  env: z.ZodRawShape;
  settings: (env: never) => unknown;
}

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never;

/** Every engine's variables of one family, for the one environment schema. */
export function engineEnvShape<Registry extends Record<string, AnyDefinition>>(
  registry: Registry,
): UnionToIntersection<Registry[keyof Registry]['env']> {
  const shape: z.ZodRawShape = {};
  for (const definition of Object.values(registry)) Object.assign(shape, definition.env);
  // The loop merges exactly the entries' shapes; their intersection is what TypeScript cannot
  // follow through it.
  return shape as UnionToIntersection<Registry[keyof Registry]['env']>;
}

/** The configuration of the engine of kind K: its kind and the settings its entry builds. */
export type EngineConfigOf<
  Registry extends Record<string, AnyDefinition>,
  Kind extends keyof Registry,
> = { kind: Kind } & ReturnType<Registry[Kind]['settings']>;

/** The union of every engine's configuration in one family. */
export type FamilyConfig<Registry extends Record<string, AnyDefinition>> = {
  [Kind in keyof Registry]: EngineConfigOf<Registry, Kind>;
}[keyof Registry];

/** The validated environment as one family's entries read it. */
type FamilyEnv<Registry extends Record<string, AnyDefinition>> = UnionToIntersection<
  {
    // An engine without variables of its own adds nothing (z.infer of {} is Record<string, never>).
    [Kind in keyof Registry]: [keyof Registry[Kind]['env']] extends [never]
      ? unknown
      : z.infer<z.ZodObject<Registry[Kind]['env']>>;
  }[keyof Registry]
>;

// An entry's functions read only its own variables, which the family's environment contains;
// indexing by a kind that is only known at run time loses that link, hence the one widening.
const entryOf = (registry: Record<string, AnyDefinition>, kind: string) =>
  registry[kind] as unknown as {
    problems?: (env: unknown) => string[];
    settings: (env: unknown) => object;
  };

/** What the chosen engine lacks in the environment, as "VAR: required when …" lines. */
export function chosenEngineProblems<Registry extends Record<string, AnyDefinition>>(
  registry: Registry,
  kind: keyof Registry & string,
  env: FamilyEnv<Registry>,
): string[] {
  return entryOf(registry, kind).problems?.(env) ?? [];
}

/** The chosen engine's configuration: its kind and the settings its entry builds. */
export function chosenEngineConfig<Registry extends Record<string, AnyDefinition>>(
  registry: Registry,
  kind: keyof Registry & string,
  env: FamilyEnv<Registry>,
): FamilyConfig<Registry> {
  return { kind, ...entryOf(registry, kind).settings(env) } as FamilyConfig<Registry>;
}
