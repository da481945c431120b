package scanner

import (
	"errors"
	"io"
	"io/fs"
	"sync"
	"syscall"
)

// RawFile is a file read with system calls alone. os registers every file
// it opens with the runtime's poller (an epoll_ctl that fails for a
// regular file, and fcntl calls): three wasted system calls of the six a
// small file costs, 70,000 on a tree of 20,000 files. The scan reads every
// file of a repository, most of them once or twice, so it reads them this
// way.
type RawFile struct {
	fd   int
	name string
}

// OpenRaw opens name for reading without blocking: a FIFO or a device
// that replaced the file a walk saw does not block the scan (Stat then
// tells it from a regular file).
func OpenRaw(name string) (RawFile, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return RawFile{fd: -1}, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return RawFile{fd: fd, name: name}, nil
	}
}

// Close closes the file.
func (f RawFile) Close() { _ = syscall.Close(f.fd) }

// Stat gives the file's size and whether it is a regular file.
func (f RawFile) Stat() (size int64, regular bool, err error) {
	var st syscall.Stat_t
	if err := syscall.Fstat(f.fd, &st); err != nil {
		return 0, false, &fs.PathError{Op: "stat", Path: f.name, Err: err}
	}
	return st.Size, st.Mode&syscall.S_IFMT == syscall.S_IFREG, nil
}

// Read implements io.Reader.
func (f RawFile) Read(b []byte) (int, error) {
	for {
		n, err := syscall.Read(f.fd, b)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// errNotRegular is ReadFile's error for a file that is not a regular file.
var errNotRegular = errors.New("not a regular file")

// ReadFile reads the regular file name whole, as os.ReadFile does, through
// RawFile. A file that is not a regular file is an error.
func ReadFile(name string) ([]byte, error) {
	f, err := OpenRaw(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size, regular, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !regular {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errNotRegular}
	}
	buf := make([]byte, 0, size+1) // +1: the read that finds the end
	for {
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // the file grew: more room
		}
	}
}

// peekBufs pools PeekFile's buffers; only those up to maxPeekBuf are kept,
// so one bundle does not pin its size for the rest of the scan.
var peekBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxPeekBuf = 1 << 20

// PeekFile hands fn the bytes of the regular file name, as ReadFile reads
// them, in a pooled buffer that fn must not keep (nor any slice of it).
// It is for the reads that look for a few words and let go: read whole
// into fresh buffers, the repository phase's and the Go detector's second
// reads were a fifth of bench/real's garbage.
func PeekFile(name string, fn func(src []byte)) error {
	f, err := OpenRaw(name)
	if err != nil {
		return err
	}
	defer f.Close()
	size, regular, err := f.Stat()
	if err != nil {
		return err
	}
	if !regular {
		return &fs.PathError{Op: "read", Path: name, Err: errNotRegular}
	}
	var pooled *[]byte
	var buf []byte
	if size < maxPeekBuf {
		pooled = peekBufs.Get().(*[]byte)
		defer func() {
			if cap(*pooled) <= maxPeekBuf {
				peekBufs.Put(pooled)
			}
		}()
		buf = (*pooled)[:0]
	}
	if int64(cap(buf)) < size+1 {
		buf = make([]byte, 0, size+1) // +1: the read that finds the end
	}
	for {
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // the file grew: more room
		}
	}
	if pooled != nil {
		*pooled = buf
	}
	fn(buf)
	return nil
}
