/* global AudioWorkletProcessor, registerProcessor */
/**
 * Runs on the audio thread (issue 9): mixes the microphone to mono and hands the samples to the
 * page in blocks of about 20 ms, while `capturing`. When capturing is switched off, the block in
 * progress is sent at once, marked as the last one, so Pause and Stop lose nothing.
 * Plain JavaScript: the browser loads it as it is (`audioWorklet.addModule`).
 */
const BLOCK = 1024;

class PcmCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.capturing = false;
    this.block = new Float32Array(BLOCK);
    this.length = 0;
    this.port.onmessage = (event) => {
      const capturing = Boolean(event.data && event.data.capturing);
      if (this.capturing && !capturing) this.send(true);
      else if (!this.capturing && capturing) this.length = 0;
      this.capturing = capturing;
    };
  }

  send(last) {
    const samples = this.block.slice(0, this.length);
    this.port.postMessage({ samples, last }, [samples.buffer]);
    this.length = 0;
  }

  process(inputs) {
    const channels = inputs[0];
    if (!this.capturing || !channels || channels.length === 0) return true;
    const frames = channels[0].length;
    for (let index = 0; index < frames; index += 1) {
      let sum = 0;
      for (const channel of channels) sum += channel[index];
      this.block[this.length] = sum / channels.length;
      this.length += 1;
      if (this.length === BLOCK) this.send(false);
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);
