import { describe, expect, it } from 'vitest';
import { dropzoneState } from './FileDropzone';

describe('the drop area state', () => {
  it('shows accept or reject only while a file is dragged over it', () => {
    const drag = (isDragActive: boolean, isDragAccept: boolean, isDragReject: boolean) =>
      dropzoneState({ isDragActive, isDragAccept, isDragReject });
    expect(drag(true, true, false)).toBe('accept');
    expect(drag(true, false, true)).toBe('reject');
    expect(drag(false, true, false)).toBe('idle');
    expect(drag(false, false, true)).toBe('idle');
    expect(drag(true, false, false)).toBe('idle');
  });
});
