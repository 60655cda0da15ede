import { LIMIT_ERROR_CODES, PIPELINE_POLL_MS, TOASTS, type Generation } from '@clerkly/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError, isRetryableError } from '../../../lib/api-client';
import { getGeneration } from '../api/get-generation';
import { usageQueryKey } from '../api/get-usage';
import { retryGeneration } from '../api/retry-generation';
import { startGeneration } from '../api/start-generation';
import { useSegmentPipeline } from '../state/segment-pipeline';
import { useSessionDispatch, useSessionState } from '../state/session-store';

/**
 * What the waiting screen shows (spec point 4, issue 9): "Analysing your session..." while the
 * last segments are sent, then "Hang on! Generating notes..." with what the server is doing
 * ("Transcribing the last 12 seconds…", "Writing 2 notes…"); a failed generation with its reason
 * and a Retry.
 */
type GenerationProgress =
  | { phase: 'uploading' }
  | { phase: 'generating'; generation: Generation | null }
  | { phase: 'failed'; generation: Generation }
  | null;

/** Refusals of spec point 8 whose message is the server's (the spec's) own words. */
const LIMIT_CODES = new Set<string>([
  LIMIT_ERROR_CODES.trialNotesExhausted,
  LIMIT_ERROR_CODES.trialTemplateLimit,
  LIMIT_ERROR_CODES.upgradeRequired,
]);

export const isLimitError = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === 403 && LIMIT_CODES.has(error.code);

/** A reason worth showing under "Failed to process audio!". */
function failureReason(error: unknown): string | null {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.code === `HTTP_${error.status}` ? null : error.message;
  }
  if (error instanceof ApiRequestError && error.status === 503) {
    return 'Transcription is unavailable at the moment. Your recording is kept: try again shortly.';
  }
  return null;
}

class Cancelled extends Error {}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stop → notes (issue 9): waits only for the segments still on their way, starts a generation
 * of the session's segments with the chosen templates, follows it until the notes are written,
 * then shows them (the notes replace what was there). A failure keeps the session and its audio;
 * a failed generation can be retried as it is.
 */
export function useNoteGeneration() {
  const state = useSessionState();
  const dispatch = useSessionDispatch();
  const pipeline = useSegmentPipeline();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<GenerationProgress>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  /** The run in progress; bumping it abandons that run (Cancel, page left). */
  const run = useRef(0);

  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const ensureCurrent = (token: number) => {
    if (run.current !== token) throw new Cancelled();
  };

  /** Follows a generation until it is done or failed; passing failures are polled through. */
  const follow = async (token: number, started: Generation): Promise<Generation> => {
    let generation = started;
    setProgress({ phase: 'generating', generation });
    while (generation.status === 'transcribing' || generation.status === 'writing') {
      await wait(PIPELINE_POLL_MS);
      ensureCurrent(token);
      try {
        generation = await getGeneration(generation.id);
      } catch (error) {
        if (!isRetryableError(error)) throw error;
        continue;
      }
      ensureCurrent(token);
      setProgress({ phase: 'generating', generation });
    }
    return generation;
  };

  const finish = (
    token: number,
    generation: Generation,
    durationSeconds: number,
    segmentCount: number,
  ) => {
    ensureCurrent(token);
    if (generation.status === 'failed') {
      setProgress({ phase: 'failed', generation });
      return false;
    }
    setLimitMessage(null);
    setProgress(null);
    dispatch({
      type: 'notesGenerated',
      outputs: generation.outputs,
      transcription: generation.transcription ?? '',
      confidence: generation.transcriptionConfidence ?? [],
      durationSeconds: Math.round(durationSeconds),
      segmentCount,
    });
    return true;
  };

  const fail = (token: number, error: unknown) => {
    if (error instanceof Cancelled || run.current !== token) return false;
    setProgress(null);
    if (isLimitError(error)) {
      setLimitMessage(error.message);
      notifications.show({ color: 'red', message: error.message });
    } else {
      console.warn('Generating notes failed.', error);
      const reason = failureReason(error);
      notifications.show(
        reason
          ? { color: 'red', title: TOASTS.audioProcessingFailed, message: reason }
          : { color: 'red', message: TOASTS.audioProcessingFailed },
      );
    }
    return false;
  };

  const generate = async ({
    templateIds,
  }: {
    templateIds: readonly number[];
  }): Promise<boolean> => {
    const session = state.session;
    const { segmentCount, seconds } = pipeline.recorded();
    if (!session || segmentCount === 0 || templateIds.length === 0 || progress) return false;
    run.current += 1;
    const token = run.current;
    setProgress({ phase: 'uploading' });
    try {
      await pipeline.drain();
      ensureCurrent(token);
      setProgress({ phase: 'generating', generation: null });
      const started = await startGeneration(session.id, {
        templateIds: [...templateIds],
        segmentCount,
      });
      ensureCurrent(token);
      const generation = await follow(token, started);
      return finish(token, generation, seconds, segmentCount);
    } catch (error) {
      return fail(token, error);
    } finally {
      if (run.current === token) void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    }
  };

  /** Starts the failed generation again (issue 9: a clear error with a retry button). */
  const retry = async (): Promise<boolean> => {
    if (progress?.phase !== 'failed') return false;
    const failed = progress.generation;
    const { segmentCount, seconds } = pipeline.recorded();
    run.current += 1;
    const token = run.current;
    setProgress({ phase: 'generating', generation: null });
    try {
      const generation = await follow(token, await retryGeneration(failed.id));
      return finish(token, generation, seconds, segmentCount);
    } catch (error) {
      return fail(token, error);
    } finally {
      if (run.current === token) void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    }
  };

  /** Stops waiting (the recording and the session stay as they are). */
  const cancel = () => {
    run.current += 1;
    setProgress(null);
  };

  return {
    generate,
    retry,
    cancel,
    progress,
    busy: progress !== null,
    limitMessage,
    uploads: pipeline.uploads,
  };
}

export type NoteGeneration = ReturnType<typeof useNoteGeneration>;
