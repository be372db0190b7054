/**
 * The long-lived PocketSphinx decoder (decision 0115): a Python program run by Debian's `python3`
 * with the library's own binding (`python3-pocketsphinx`), which loads the acoustic model, the
 * dictionary and the language model once and then decodes clip after clip.
 *
 * Arguments: PocketSphinx options as on `pocketsphinx_continuous`'s command line (`-hmm`, `-lm`,
 * `-dict`). Standard input: per clip, its byte count (4 bytes, big-endian), then its 16 kHz mono
 * 16-bit little-endian samples. Standard output: per clip, one JSON line, `{"output": …}` with what
 * `pocketsphinx_continuous -infile clip.wav -time yes` prints for that clip (read by
 * decoder-output.ts), or `{"error": …}`. The end of standard input ends the program, also in the
 * middle of a clip. The log (PocketSphinx's INFO, ERROR and FATAL lines) goes to standard error.
 *
 * It feeds the decoder exactly as `pocketsphinx_continuous` does (2,048 samples at a time, a new
 * utterance wherever the voice detector says the speech stopped), so the words and posteriors are
 * the same as that program's. Each clip is decoded in a child forked from the process that holds
 * the models as they were once loaded: the decoder carries state from one utterance to the next
 * (the live cepstral mean, the voice detector's noise estimate), so a clip decoded after another
 * would be heard differently and one person's words would depend on whoever spoke before. The
 * child exits after its clip and the state it changed goes with it.
 *
 * The source travels inside the server's bundle as this string and runs with `python3 -c`.
 */
export const decoderProgram = String.raw`
import ctypes
import json
import os
import re
import select
import signal
import struct
import sys
import traceback

# What pocketsphinx_continuous reads and hands to the decoder at a time.
CHUNK_BYTES = 2048 * 2
HEADER = struct.Struct('>I')
# A child's log kept to explain its failure: the end of it, and the lines that say what went wrong.
LOG_BYTES_KEPT = 1 << 16
ERROR_LINES_KEPT = 3


class Input:
    def __init__(self, fd):
        self.fd = fd
        self.buffer = bytearray()
        self.ended = False

    def fill(self):
        """Reads what has arrived; False once the other end has closed."""
        data = os.read(self.fd, 1 << 16)
        if not data:
            self.ended = True
        self.buffer += data
        return not self.ended

    def take(self, count):
        while len(self.buffer) < count:
            if not self.fill():
                return None
        taken = bytes(self.buffer[:count])
        del self.buffer[:count]
        return taken

    def clip(self):
        header = self.take(HEADER.size)
        return None if header is None else self.take(HEADER.unpack(header)[0])


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def f32(value):
    """Rounded to single precision, as the C program's float variables hold it."""
    return struct.unpack('f', struct.pack('f', value))[0]


def transcribe(decoder, frame_rate, clip):
    """pocketsphinx_continuous's recognize_from_file(), line for line."""
    lines = []

    def word_times():
        logmath = decoder.get_logmath()
        for segment in decoder.seg():
            lines.append('%s %.3f %.3f %f' % (
                segment.word,
                f32(segment.start_frame / frame_rate),
                f32(segment.end_frame / frame_rate),
                f32(logmath.exp(segment.prob)),
            ))

    decoder.start_utt()
    utterance_started = False
    for at in range(0, len(clip), CHUNK_BYTES):
        decoder.process_raw(clip[at:at + CHUNK_BYTES], False, False)
        in_speech = decoder.get_in_speech()
        if in_speech and not utterance_started:
            utterance_started = True
        if not in_speech and utterance_started:
            decoder.end_utt()
            hypothesis = decoder.hyp()
            if hypothesis is not None:
                lines.append(hypothesis.hypstr)
            word_times()
            decoder.start_utt()
            utterance_started = False
    decoder.end_utt()
    if utterance_started:
        hypothesis = decoder.hyp()
        if hypothesis is not None:
            lines.append(hypothesis.hypstr)
            word_times()
    return ''.join(line + '\n' for line in lines)


def die_with(parent):
    """The child is killed when the process holding the models goes (Linux), however it goes."""
    try:
        ctypes.CDLL(None).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (AttributeError, OSError):
        pass
    if os.getppid() != parent:
        os._exit(1)


def explanation(log):
    """The last lines of a child's log that say what went wrong."""
    lines = bytes(log).decode('utf-8', 'replace').splitlines()
    return [line for line in lines if re.match(r'(ERROR|FATAL)|\w*Error\b', line)][-ERROR_LINES_KEPT:]


def decode_in_child(decoder, frame_rate, clip, stdin):
    """The clip's JSON line, or None when standard input ended while it was being decoded."""
    parent = os.getpid()
    reply_reader, reply_writer = os.pipe()
    log_reader, log_writer = os.pipe()
    child = os.fork()
    if child == 0:
        status = 70
        try:
            os.close(reply_reader)
            os.close(log_reader)
            # Its log goes to this process, which keeps the lines that explain a failure.
            os.dup2(log_writer, 2)
            die_with(parent)
            output = transcribe(decoder, frame_rate, clip)
            write_all(reply_writer, (json.dumps({'output': output}) + '\n').encode())
            status = 0
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(status)
    os.close(reply_writer)
    os.close(log_writer)
    reply = bytearray()
    log = bytearray()
    reading = {reply_reader: reply, log_reader: log}
    try:
        while reading:
            ready = select.select(list(reading) + ([] if stdin.ended else [stdin.fd]), [], [])[0]
            if stdin.fd in ready and not stdin.fill():
                os.kill(child, signal.SIGKILL)
                os.waitpid(child, 0)
                return None
            for fd in ready:
                if fd in reading:
                    data = os.read(fd, 1 << 16)
                    if data:
                        reading[fd] += data
                    else:
                        del reading[fd]
            del log[:-LOG_BYTES_KEPT]
    finally:
        os.close(reply_reader)
        os.close(log_reader)
    status = os.waitpid(child, 0)[1]
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and reply.endswith(b'\n'):
        return bytes(reply)
    how = ('exit code %d' % os.WEXITSTATUS(status)) if os.WIFEXITED(status) else ('signal %d' % os.WTERMSIG(status))
    error = 'The speech decoder stopped on this clip (%s)' % how
    lines = explanation(log)
    if lines:
        error += ': ' + ' | '.join(lines)
    return (json.dumps({'error': error}) + '\n').encode()


def main(options):
    from pocketsphinx import Decoder

    config = Decoder.default_config()
    for name, value in zip(options[0::2], options[1::2]):
        config.set_string(name, value)
    decoder = Decoder(config)
    frame_rate = config.get_int('-frate')
    stdin = Input(sys.stdin.fileno())
    while True:
        clip = stdin.clip()
        reply = None if clip is None else decode_in_child(decoder, frame_rate, clip, stdin)
        if reply is None:
            return
        try:
            write_all(sys.stdout.fileno(), reply)
        except BrokenPipeError:
            return


main(sys.argv[1:])
`
