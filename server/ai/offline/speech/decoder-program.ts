/**
 * The long-lived PocketSphinx decoder (decisions 0115 and 0121): a Python program run by Debian's
 * `python3` with the library's own binding (`python3-pocketsphinx`), which loads the acoustic model,
 * the dictionary and the language model once and then decodes utterance after utterance, several at
 * once, each fed as its samples arrive.
 *
 * Arguments: PocketSphinx options as on `pocketsphinx_continuous`'s command line (`-hmm`, `-lm`,
 * `-dict`). Standard input: messages, each a kind (one ASCII byte), an utterance number and a byte
 * count (4 bytes each, big-endian), then that many bytes: `O` opens the utterance, `F` feeds it 16
 * kHz mono 16-bit little-endian samples (any number, in order), `E` ends it, `C` cancels it (its
 * decoding stops and nothing is answered). A message for an utterance that is not open is ignored.
 * Standard output: per utterance ended, or failed before its end, one JSON line,
 * `{"id": n, "output": …}` with what `pocketsphinx_continuous -infile clip.wav -time yes` prints
 * for those samples (read by decoder-output.ts), or `{"id": n, "error": …}`. A whole clip is an
 * utterance opened, fed once and ended: there is one way to decode. The end of standard input ends
 * the program and every utterance still open. The log (PocketSphinx's INFO, ERROR and FATAL lines)
 * goes to standard error.
 *
 * It feeds the decoder exactly as `pocketsphinx_continuous` does (2,048 samples at a time, however
 * the samples arrive, the last block shorter; a new decoder utterance wherever the voice detector
 * says the speech stopped), so the words and posteriors are the same as that program's. Each
 * utterance is decoded in a child forked from the process that holds the models as they were once
 * loaded: the decoder carries state from one utterance to the next (the live cepstral mean, the
 * voice detector's noise estimate), so an utterance decoded after another would be heard
 * differently and one person's words would depend on whoever spoke before. The child exits after
 * its utterance and the state it changed goes with it. The parent only passes bytes: it never
 * waits for a child, so one slow utterance holds up no other.
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
# A message: its kind, the utterance's number, the byte count of what follows.
HEADER = struct.Struct('>cII')
OPEN, FEED, END, CANCEL = b'O', b'F', b'E', b'C'
# A child's log kept to explain its failure: the end of it, and the lines that say what went wrong.
LOG_BYTES_KEPT = 1 << 16
ERROR_LINES_KEPT = 3


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def f32(value):
    """Rounded to single precision, as the C program's float variables hold it."""
    return struct.unpack('f', struct.pack('f', value))[0]


class Recognition:
    """pocketsphinx_continuous's recognize_from_file(), line for line, fed as the samples come."""

    def __init__(self, decoder, frame_rate):
        self.decoder = decoder
        self.frame_rate = frame_rate
        self.lines = []
        self.pending = bytearray()
        self.utterance_started = False
        decoder.start_utt()

    def word_times(self):
        logmath = self.decoder.get_logmath()
        for segment in self.decoder.seg():
            self.lines.append('%s %.3f %.3f %f' % (
                segment.word,
                f32(segment.start_frame / self.frame_rate),
                f32(segment.end_frame / self.frame_rate),
                f32(logmath.exp(segment.prob)),
            ))

    def block(self, data):
        decoder = self.decoder
        decoder.process_raw(data, False, False)
        in_speech = decoder.get_in_speech()
        if in_speech and not self.utterance_started:
            self.utterance_started = True
        if not in_speech and self.utterance_started:
            decoder.end_utt()
            hypothesis = decoder.hyp()
            if hypothesis is not None:
                self.lines.append(hypothesis.hypstr)
            self.word_times()
            decoder.start_utt()
            self.utterance_started = False

    def feed(self, data):
        """Decodes every whole block of 2,048 samples; the rest waits for more."""
        self.pending += data
        whole = len(self.pending) - len(self.pending) % CHUNK_BYTES
        for at in range(0, whole, CHUNK_BYTES):
            self.block(bytes(self.pending[at:at + CHUNK_BYTES]))
        del self.pending[:whole]

    def finish(self):
        """The last, shorter block, then the output for the whole utterance."""
        if self.pending:
            self.block(bytes(self.pending))
            del self.pending[:]
        self.decoder.end_utt()
        if self.utterance_started:
            hypothesis = self.decoder.hyp()
            if hypothesis is not None:
                self.lines.append(hypothesis.hypstr)
                self.word_times()
        return ''.join(line + '\n' for line in self.lines)


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


def recognise_in_child(decoder, frame_rate, samples, reply):
    """The child's work: its utterance's samples as they come, its output once they end."""
    recognition = Recognition(decoder, frame_rate)
    while True:
        data = os.read(samples, 1 << 16)
        if not data:
            break
        recognition.feed(data)
    write_all(reply, (json.dumps({'output': recognition.finish()}) + '\n').encode())


class Utterance:
    """One utterance being decoded in a child forked from the loaded decoder."""

    def __init__(self, number, decoder, frame_rate, others):
        parent = os.getpid()
        samples_reader, samples_writer = os.pipe()
        reply_reader, reply_writer = os.pipe()
        log_reader, log_writer = os.pipe()
        self.number = number
        self.pid = os.fork()
        if self.pid == 0:
            status = 70
            try:
                # Another utterance's pipes held open here would keep it from ever ending.
                for fd in [0, samples_writer, reply_reader, log_reader] + others:
                    os.close(fd)
                # Its log goes to the parent, which keeps the lines that explain a failure.
                os.dup2(log_writer, 2)
                die_with(parent)
                recognise_in_child(decoder, frame_rate, samples_reader, reply_writer)
                status = 0
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(status)
        for fd in (samples_reader, reply_writer, log_writer):
            os.close(fd)
        self.samples = samples_writer
        self.unsent = bytearray()
        self.ended = False
        self.reply = bytearray()
        self.log = bytearray()
        self.reading = {reply_reader: self.reply, log_reader: self.log}

    def fds(self):
        return list(self.reading) + ([] if self.samples is None else [self.samples])

    def feed(self, data):
        if self.samples is not None and not self.ended:
            self.unsent += data

    def end(self):
        self.ended = True

    def wants_to_write(self):
        return self.samples is not None and (len(self.unsent) > 0 or self.ended)

    def write(self):
        """Hands the child what it can take without waiting; closes its input after the end."""
        try:
            if self.unsent:
                del self.unsent[:os.write(self.samples, self.unsent[:1 << 16])]
        except BrokenPipeError:
            # The child has gone; its exit status says why.
            self.unsent.clear()
            self.ended = True
        if self.ended and not self.unsent:
            os.close(self.samples)
            self.samples = None

    def read(self, fd):
        data = os.read(fd, 1 << 16)
        if data:
            self.reading[fd] += data
            del self.log[:-LOG_BYTES_KEPT]
        else:
            os.close(fd)
            del self.reading[fd]

    def done(self):
        return not self.reading

    def kill(self):
        os.kill(self.pid, signal.SIGKILL)
        self.collect()
        for fd in self.fds():
            os.close(fd)

    def collect(self):
        return os.waitpid(self.pid, 0)[1]

    def outcome(self):
        """The JSON line for the utterance, once the child has closed its pipes."""
        status = self.collect()
        if self.samples is not None:
            os.close(self.samples)
            self.samples = None
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and self.reply.endswith(b'\n'):
            return json.dumps({'id': self.number, 'output': json.loads(bytes(self.reply))['output']}) + '\n'
        how = ('exit code %d' % os.WEXITSTATUS(status)) if os.WIFEXITED(status) else ('signal %d' % os.WTERMSIG(status))
        error = 'The speech decoder stopped on this clip (%s)' % how
        lines = explanation(self.log)
        if lines:
            error += ': ' + ' | '.join(lines)
        return json.dumps({'id': self.number, 'error': error}) + '\n'


class Messages:
    """The messages on standard input, read as they arrive."""

    def __init__(self, fd):
        self.fd = fd
        self.buffer = bytearray()
        self.ended = False

    def fill(self):
        data = os.read(self.fd, 1 << 16)
        if not data:
            self.ended = True
        self.buffer += data

    def take(self):
        """The whole messages read so far, each (kind, number, payload)."""
        taken = []
        at = 0
        while len(self.buffer) - at >= HEADER.size:
            kind, number, size = HEADER.unpack_from(self.buffer, at)
            if len(self.buffer) - at - HEADER.size < size:
                break
            start = at + HEADER.size
            taken.append((kind, number, bytes(self.buffer[start:start + size])))
            at = start + size
        del self.buffer[:at]
        return taken


def main(options):
    from pocketsphinx import Decoder

    config = Decoder.default_config()
    for name, value in zip(options[0::2], options[1::2]):
        config.set_string(name, value)
    decoder = Decoder(config)
    frame_rate = config.get_int('-frate')
    stdin = Messages(sys.stdin.fileno())
    stdout = sys.stdout.fileno()
    open_utterances = {}
    try:
        while not stdin.ended:
            readable = [stdin.fd] + [fd for u in open_utterances.values() for fd in u.reading]
            writable = [u.samples for u in open_utterances.values() if u.wants_to_write()]
            ready_to_read, ready_to_write = select.select(readable, writable, [])[:2]
            for utterance in list(open_utterances.values()):
                if utterance.samples in ready_to_write:
                    utterance.write()
                for fd in list(utterance.reading):
                    if fd in ready_to_read:
                        utterance.read(fd)
                if utterance.done():
                    del open_utterances[utterance.number]
                    write_all(stdout, utterance.outcome().encode())
            if stdin.fd not in ready_to_read:
                continue
            stdin.fill()
            for kind, number, payload in stdin.take():
                utterance = open_utterances.get(number)
                if kind == OPEN and utterance is None:
                    others = [fd for u in open_utterances.values() for fd in u.fds()]
                    open_utterances[number] = Utterance(number, decoder, frame_rate, others)
                elif kind == FEED and utterance is not None:
                    utterance.feed(payload)
                elif kind == END and utterance is not None:
                    utterance.end()
                elif kind == CANCEL and utterance is not None:
                    del open_utterances[number]
                    utterance.kill()
    except BrokenPipeError:
        pass
    finally:
        # The end of standard input (the server has gone) ends every utterance still being decoded.
        for utterance in open_utterances.values():
            utterance.kill()


main(sys.argv[1:])
`
