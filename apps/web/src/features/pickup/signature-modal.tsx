import { PICKUP_TEXT, SIGNATURE_PAD } from '@atelier/contract';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import classes from './pickup.module.css';
import {
  createSignatureCanvas,
  type SignatureCanvas,
  type SignatureStrokes,
} from './signature-canvas.ts';

/** A confirmed signature: the PNG sent with the pickup, and the strokes to show it again locked. */
export interface Signature {
  dataUrl: string;
  strokes: SignatureStrokes;
}

// Dark ink on the ivory pad, which also prints well on the manifest.
const INK_COLOR = '#161412';

type PadState = 'empty' | 'signing' | 'locked';

// §9: 550x300, scaled down with the same proportions where the screen is narrower or shorter.
const PAD_SIZE = {
  '--pad-width': `${SIGNATURE_PAD.width}px`,
  '--pad-aspect': String(SIGNATURE_PAD.width / SIGNATURE_PAD.height),
} as CSSProperties;

interface SignatureModalProps {
  opened: boolean;
  onClose: () => void;
  /** The signature saved so far, shown locked until cleared. */
  signature: Signature | null;
  onSave: (signature: Signature) => void;
  onClear: () => void;
}

/** §2 pickupSignature: the client signs on a 550x300 pad, scaled down on narrow screens. */
export function SignatureModal({
  opened,
  onClose,
  signature,
  onSave,
  onClear,
}: SignatureModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Client Signature"
      size="lg"
      centered
      radius="md"
      overlayProps={{ backgroundOpacity: 0.7, blur: 2 }}
      classNames={{ title: classes.modalTitle }}
    >
      <SignatureForm signature={signature} onSave={onSave} onClear={onClear} onClose={onClose} />
    </Modal>
  );
}

function SignatureForm({
  signature,
  onSave,
  onClear,
  onClose,
}: Omit<SignatureModalProps, 'opened'>) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignatureCanvas | null>(null);
  // The pad is drawn once when the modal opens; later changes come from the pad itself.
  const initialSignature = useRef(signature);
  const [state, setState] = useState<PadState>(signature ? 'locked' : 'empty');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = createSignatureCanvas(canvas, {
      penColor: INK_COLOR,
      onBegin: () => setState('signing'),
    });
    padRef.current = pad;
    pad.fit();
    const saved = initialSignature.current;
    if (saved) {
      pad.load(saved.strokes);
      pad.lock();
    }
    // Rotation or a narrower window: redraw what is signed at the new size.
    const observer = new ResizeObserver(() => pad.fit());
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.destroy();
      padRef.current = null;
    };
  }, []);

  function onMainAction() {
    const pad = padRef.current;
    if (state === 'locked') {
      onClose();
      return;
    }
    if (!pad || state !== 'signing' || pad.isEmpty()) return;
    pad.lock();
    setState('locked');
    onSave({ dataUrl: pad.toPng(), strokes: pad.strokes() });
    onClose();
  }

  function onClearPad() {
    const pad = padRef.current;
    pad?.clear();
    pad?.unlock();
    setState('empty');
    onClear();
  }

  const mainText =
    state === 'empty'
      ? PICKUP_TEXT.signatureEmpty
      : state === 'signing'
        ? PICKUP_TEXT.signatureSave
        : PICKUP_TEXT.signatureConfirm;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Hand the screen to your client: they sign inside the box to confirm the items were handed
        over.
      </Text>
      <div
        className={classes.padFrame}
        data-locked={state === 'locked' || undefined}
        style={PAD_SIZE}
      >
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          width={SIGNATURE_PAD.width}
          height={SIGNATURE_PAD.height}
          role="img"
          aria-label={state === 'empty' ? 'Signature pad, empty' : 'Signature pad, signed'}
        />
        {state === 'empty' && (
          <span className={classes.padHint} aria-hidden="true">
            Sign above the line
          </span>
        )}
      </div>
      <div className={classes.padActions}>
        <Button variant="subtle" color="gray" onClick={onClearPad} disabled={state === 'empty'}>
          Clear
        </Button>
        <Button onClick={onMainAction} disabled={state === 'empty'} miw={220}>
          {mainText}
        </Button>
      </div>
    </Stack>
  );
}
