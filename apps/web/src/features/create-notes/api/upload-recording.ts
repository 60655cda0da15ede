import {
  API_PATHS,
  UPLOAD_AUDIO_FIELD,
  apiErrorSchema,
  uploadResponseSchema,
  type UploadResponse,
} from '@clerkly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiNetworkError, ApiRequestError } from '../../../lib/api-client';
import { usageQueryKey } from './get-usage';

export type UploadRecordingInput = {
  /** `recording.wav` (16-bit PCM, 16 kHz, mono). */
  audio: File;
  selectedTemplateIds: readonly number[];
  sessionId: number;
  /** On a later recording: the transcript so far (spec point 7). */
  prevTranscribedText?: string | undefined;
  /** Bytes sent so far, for the progress bar of a long upload; `done` once all are sent. */
  onProgress?: (progress: { loaded: number; total: number; done: boolean }) => void;
  signal?: AbortSignal | undefined;
};

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toError(status: number, statusText: string, body: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiRequestError({ status, ...parsed.data.error });
  return new ApiRequestError({
    status,
    code: `HTTP_${status}`,
    message: statusText || `Request failed with status ${status}`,
  });
}

/**
 * `POST /api/deepgram/upload/` (spec point 7): multipart with the recording as `audio`,
 * `selectedTemplateIds` as a JSON list and `sessionId`. XMLHttpRequest rather than fetch, because
 * only it reports upload progress, which a long consultation needs (issue 5).
 */
export function uploadRecording({
  audio,
  selectedTemplateIds,
  sessionId,
  prevTranscribedText,
  onProgress,
  signal,
}: UploadRecordingInput): Promise<UploadResponse> {
  const form = new FormData();
  form.append('selectedTemplateIds', JSON.stringify(selectedTemplateIds));
  form.append('sessionId', String(sessionId));
  if (prevTranscribedText !== undefined && prevTranscribedText.trim() !== '') {
    form.append('prevTranscribedText', prevTranscribedText);
  }
  // The file goes last, so the server has read the fields when the audio streams in.
  form.append(UPLOAD_AUDIO_FIELD, audio, audio.name);

  return new Promise<UploadResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API_PATHS.upload);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress?.({ loaded: event.loaded, total: event.total, done: false });
      }
    };
    xhr.upload.onload = () => onProgress?.({ loaded: audio.size, total: audio.size, done: true });
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toError(xhr.status, xhr.statusText, body));
        return;
      }
      const parsed = uploadResponseSchema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(parsed.error);
    };
    xhr.onerror = () => reject(new ApiNetworkError('Network Error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

export function useUploadRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRecording,
    // Generated notes count against the trial.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usageQueryKey }),
  });
}
