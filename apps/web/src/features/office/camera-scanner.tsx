import { Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import classes from './scan-to-receive.module.css';

/** The browser's barcode reader (Chromium on Android, macOS, ChromeOS); not in TypeScript's DOM types. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options?: { formats: string[] }) => BarcodeReader;

const LOOK_EVERY_MS = 250;
// A camera left open on a desk stops looking after two minutes.
const GIVE_UP_AFTER_MS = 120_000;

function newReader(): BarcodeReader {
  const Reader = (window as unknown as { BarcodeDetector: BarcodeReaderClass }).BarcodeDetector;
  try {
    // Labels and ship lists carry Code128; a carrier's label may add others.
    return new Reader({ formats: ['code_128', 'code_39', 'qr_code', 'data_matrix'] });
  } catch {
    return new Reader();
  }
}

interface CameraScannerProps {
  onCode: (code: string) => void;
  onClose: () => void;
}

/** "Scan with camera": the back camera's picture, read a few times a second until a code shows. */
export default function CameraScanner({ onCode, onClose }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const found = useRef(onCode);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    found.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let isStopped = false;
    const startedAt = Date.now();
    const reader = newReader();

    async function look() {
      if (isStopped || !video.current) return;
      if (Date.now() - startedAt > GIVE_UP_AFTER_MS) {
        setProblem('No barcode was found. Close this and type the code instead.');
        return;
      }
      try {
        const [code] = await reader.detect(video.current);
        if (code?.rawValue && !isStopped) {
          found.current(code.rawValue);
          return;
        }
      } catch {
        // A frame the reader cannot take (the video not playing yet): the next one may do.
      }
      timer = window.setTimeout(() => void look(), LOOK_EVERY_MS);
    }

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        // Closed while the browser asked for the camera: let it go at once.
        if (isStopped || !video.current) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        video.current.srcObject = stream;
        await video.current.play();
        void look();
      } catch {
        setProblem('The camera could not be opened. Allow it in the browser, or type the code.');
      }
    }

    void start();
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    // Once closed, ScanToReceive gives the focus to its field, not back to the camera button.
    <Modal opened onClose={onClose} title="Scan with camera" centered returnFocus={false}>
      <video ref={video} className={classes.video} muted playsInline aria-hidden />
      <Text
        size="sm"
        mt="sm"
        role={problem ? 'alert' : undefined}
        c={problem ? 'orange.3' : undefined}
      >
        {problem ?? "Point the camera at the label's or the ship list's barcode."}
      </Text>
    </Modal>
  );
}
