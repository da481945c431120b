package wire

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// ErrUnavailable wraps every failure to reach the broker or to get a well
// formed reply from it. The hook maps it to GATE_UNAVAILABLE.
var ErrUnavailable = errors.New("broker unavailable")

// ErrBadReply reports a reply line that is not valid JSON or carries another
// protocol version. It is also an ErrUnavailable.
var ErrBadReply = fmt.Errorf("%w: malformed reply", ErrUnavailable)

// SocketPath returns the broker socket path fixed by SPEC.md:
// $LEASEGATE_SOCKET, else $XDG_RUNTIME_DIR/leasegate/broker.sock, else
// /tmp/leasegate-$UID/broker.sock. A relative $LEASEGATE_SOCKET is made
// absolute against the working directory.
func SocketPath() (string, error) {
	if p := os.Getenv(EnvSocket); p != "" {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", fmt.Errorf("%s: %w", EnvSocket, err)
		}
		return abs, nil
	}
	if d := os.Getenv("XDG_RUNTIME_DIR"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "leasegate", "broker.sock"), nil
	}
	return filepath.Join("/tmp", "leasegate-"+strconv.Itoa(os.Getuid()), "broker.sock"), nil
}

// Client is one connection to the broker. Requests on a Client are
// serialised: Do may be called from several goroutines, each call waits for
// its own reply.
type Client struct {
	mu   sync.Mutex
	conn *net.UnixConn
	r    *bufio.Reader
	dead error
}

// Dial connects to the broker socket at path. The context bounds the connect.
func Dial(ctx context.Context, path string) (*Client, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	uc := c.(*net.UnixConn)
	return &Client{conn: uc, r: bufio.NewReaderSize(uc, 4096)}, nil
}

// Do sends req (with V set to ProtocolVersion) and waits for its reply. The
// context's deadline bounds the whole round trip; when it passes, or the
// context is cancelled, the connection is closed and Do returns an error
// wrapping ErrUnavailable. A reply with OK false is returned as is, with a
// nil error: the caller reads Code and Error.
func (c *Client) Do(ctx context.Context, req Request) (Reply, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dead != nil {
		return Reply{}, c.dead
	}
	req.V = ProtocolVersion
	line, err := json.Marshal(req)
	if err != nil {
		return Reply{}, fmt.Errorf("encode request: %w", err)
	}
	line = append(line, '\n')
	if len(line) > MaxLineBytes {
		return Reply{}, fmt.Errorf("request is %d bytes, over the %d-byte limit", len(line), MaxLineBytes)
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = c.conn.SetDeadline(dl)
	} else {
		_ = c.conn.SetDeadline(time.Time{})
	}
	stop := context.AfterFunc(ctx, func() { _ = c.conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	fail := func(err error) (Reply, error) {
		if ce := ctx.Err(); ce != nil {
			err = ce
		}
		c.dead = fmt.Errorf("%w: %v", ErrUnavailable, err)
		_ = c.conn.Close()
		return Reply{}, c.dead
	}
	if _, err := c.conn.Write(line); err != nil {
		return fail(err)
	}
	resp, err := ReadLine(c.r, MaxReplyBytes)
	if err != nil {
		return fail(err)
	}
	var rep Reply
	if err := json.Unmarshal(resp, &rep); err != nil {
		c.dead = fmt.Errorf("%w: %v", ErrBadReply, err)
		_ = c.conn.Close()
		return Reply{}, c.dead
	}
	if rep.V != ProtocolVersion {
		c.dead = fmt.Errorf("%w: reply version %d, want %d", ErrBadReply, rep.V, ProtocolVersion)
		_ = c.conn.Close()
		return Reply{}, c.dead
	}
	return rep, nil
}

// Close closes the connection.
func (c *Client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dead == nil {
		c.dead = fmt.Errorf("%w: client closed", ErrUnavailable)
	}
	return c.conn.Close()
}

// ErrLineTooLong reports a line over the limit of ReadLine.
var ErrLineTooLong = errors.New("line too long")

// readLine reads one '\n'-terminated line of at most max bytes (newline
// excluded) and returns it without the newline. The returned slice is only
// valid until the next read.
func ReadLine(r *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if err == nil {
			if buf == nil {
				if len(chunk)-1 > max {
					return nil, ErrLineTooLong
				}
				return chunk[:len(chunk)-1], nil
			}
			buf = append(buf, chunk[:len(chunk)-1]...)
			if len(buf) > max {
				return nil, ErrLineTooLong
			}
			return buf, nil
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			buf = append(buf, chunk...)
			if len(buf) > max {
				return nil, ErrLineTooLong
			}
			continue
		}
		return nil, err
	}
}
