package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/esc"
)

// Options configures a server. The zero value is fine.
type Options struct {
	// Debounce is how long a document must rest after a change before it is vetted (default
	// 30 ms): typing is vetted once a pause, not once a key.
	Debounce time.Duration
	// ExplainURL is the start of each diagnostic's codeDescription link; the code, lowercased,
	// is appended as a fragment. Default DefaultExplainURL.
	ExplainURL string
	// MaxMessage bounds a message's body in bytes (default DefaultMaxMessage).
	MaxMessage int
	// Log receives the server's log lines (malformed messages, handler failures); nil: none.
	// It is never the protocol's stream.
	Log io.Writer
	// Workers bounds the evaluations running at once (default GOMAXPROCS).
	Workers int
	// MaxOpen bounds the text the server keeps of all open documents together, in bytes
	// (default DefaultMaxOpen): a didOpen or didChange that would pass it is refused, the
	// document dropped with a window/showMessage and an L004 diagnostic on it (docbudget.go).
	MaxOpen int64
	// QuickMin is the size from which a YAML or JSON buffer's findings are first published from
	// the compiler's fast path, before the evaluation that builds the index, on a unit's first
	// evaluation (later ones always take it: fastpath.go); default DefaultQuickMin; negative:
	// never.
	QuickMin int
	// Budget bounds each evaluation's processor time and memory, as `sortie vet`'s (the zero
	// value: the compiler's defaults); a file over it gets L011 or L012 and no index.
	Budget compiler.Budget
}

// DefaultExplainURL is where codeDescription links point by default: the code catalogue that
// `sortie explain` prints, one section per code.
const DefaultExplainURL = "https://github.com/sortie-rpg/sortie/blob/main/docs/codes.md#"

// ErrNoShutdown is returned by Serve when the client sent exit without shutdown first (LSP: the
// server then exits with code 1).
var ErrNoShutdown = errors.New("exit without shutdown")

// Server is one language server session.
type Server struct {
	opts Options
	log  *log.Logger // one escaped line per record (logline.go)
	// rawLog is the log's writer itself: for a panic's stack, which sortie composes.
	rawLog io.Writer
	h      protocol.Handler
	conn   atomic.Pointer[jsonrpc2.Conn] // set once the connection exists (its reader may run first)
	// inlayRefresh: the client supports workspace/inlayHint/refresh (inlay.go).
	inlayRefresh atomic.Bool
	ctx          context.Context

	// pubMu orders the diagnostics a unit publishes against the clearing of a closed unit: a
	// publish holds it from its check that the unit is open to its last notification, and a
	// close from reading what the unit published to its last clearing notification, so a
	// result finished as its document closes never lands after the clearing. Taken before mu.
	pubMu sync.Mutex

	mu       sync.Mutex
	docs     map[string]*document  // open documents, by absolute file name
	refused  map[string]bool       // documents dropped over MaxOpen, until opened again
	units    map[string]*unitState // by unit key (see unitKey)
	shutdown bool                  // shutdown received
	exited   chan struct{}         // closed on exit
	exitOnce sync.Once
	sem      chan struct{} // evaluation slots
	wg       sync.WaitGroup
	// published lists, per URI, the unit that last published diagnostics there.
	published map[string]string
	// untitled names the open untitled documents by URI (untitled.go), in untitledDir.
	untitled    map[string]string
	untitledDir string
	untitledSeq int
}

// document is an open document.
type document struct {
	uri     string
	path    string
	version int32
	text    []byte
	// log is the edits made since version logFrom, in order (carry.go).
	log     []logged
	logFrom int32
	// unsynced: a change was refused (docs.go outOfSync); incremental changes are ignored until
	// a whole text arrives.
	unsynced bool
}

// Serve runs a language server on rwc (the client's messages in, the server's out) until the
// client sends exit, the stream ends or ctx is done. It returns nil after shutdown and exit,
// ErrNoShutdown after an exit without shutdown, and the stream's error if it broke off.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) error {
	s := newServer(ctx, opts)
	st := newStream(rwc, opts.MaxMessage)
	st.bad = func(err error) { s.log.Printf("malformed message: %v", err) }
	conn := jsonrpc2.NewConn(s.ctx, st, s, jsonrpc2.SetLogger(s.log))
	s.conn.CompareAndSwap(nil, conn)
	select {
	case <-conn.DisconnectNotify():
	case <-s.exited:
		_ = conn.Close()
	case <-ctx.Done():
		_ = conn.Close()
	}
	s.stopAll()
	s.removeUntitled()
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.exited:
		if !s.shutdown {
			return ErrNoShutdown
		}
		return nil
	default:
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if st.fatal != nil {
		return st.fatal // a message too large to skip: answered, then the connection closed
	}
	return io.ErrUnexpectedEOF
}

func newServer(ctx context.Context, opts Options) *Server {
	if opts.Debounce <= 0 {
		opts.Debounce = 30 * time.Millisecond
	}
	if opts.ExplainURL == "" {
		opts.ExplainURL = DefaultExplainURL
	}
	if opts.QuickMin == 0 {
		opts.QuickMin = DefaultQuickMin
	}
	if opts.MaxOpen <= 0 {
		opts.MaxOpen = DefaultMaxOpen
	}
	if opts.Workers <= 0 {
		opts.Workers = max(1, runtime.GOMAXPROCS(0))
	}
	w := opts.Log
	if w == nil {
		w = io.Discard
	}
	s := &Server{opts: opts, log: log.New(lineWriter{w}, "sortie lsp: ", log.LstdFlags), rawLog: w, ctx: ctx,
		docs: map[string]*document{}, refused: map[string]bool{}, units: map[string]*unitState{}, exited: make(chan struct{}),
		sem: make(chan struct{}, opts.Workers), published: map[string]string{}, untitled: map[string]string{}}
	s.h = protocol.Handler{
		Initialize:  s.initialize,
		Initialized: func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:    s.shutdownReq,
		Exit:        func(*glsp.Context) error { return nil },
		SetTrace:    func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest: func(*glsp.Context, *protocol.CancelParams) error {
			return nil // every request is answered at once; an evaluation is never a request
		},
		WorkspaceDidChangeConfiguration: func(*glsp.Context, *protocol.DidChangeConfigurationParams) error { return nil },
		WorkspaceDidChangeWatchedFiles:  s.didChangeWatchedFiles,
		TextDocumentDidOpen:             s.didOpen,
		TextDocumentDidChange:           s.didChange,
		TextDocumentDidSave:             s.didSave,
		TextDocumentDidClose:            s.didClose,
		TextDocumentHover:               s.hover,
		TextDocumentDefinition:          s.definition,
		TextDocumentReferences:          s.references,
		TextDocumentPrepareRename:       s.prepareRename,
		TextDocumentRename:              s.rename,
		TextDocumentCompletion:          s.completion,
		TextDocumentCodeAction:          s.codeAction,
		TextDocumentFormatting:          s.formatting,
		TextDocumentDocumentSymbol:      s.documentSymbol,
		WorkspaceSymbol:                 s.workspaceSymbol,
	}
	return s
}

// Handle is the jsonrpc2 handler: glsp's protocol.Handler decodes the parameters and dispatches;
// this adapter turns its answers into JSON-RPC responses with LSP's error codes, and a panic into
// an internal error (the server goes on).
func (s *Server) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	s.conn.CompareAndSwap(nil, conn)
	result, err := s.dispatch(conn, req)
	if req.Notif {
		if err != nil {
			var je *jsonrpc2.Error
			if !(errors.As(err, &je) && je.Code == codeMethodNotFound && strings.HasPrefix(req.Method, "$/")) {
				s.log.Printf("notification %s: %v", req.Method, err)
			}
		}
		return
	}
	if err != nil {
		var je *jsonrpc2.Error
		if !errors.As(err, &je) {
			je = &jsonrpc2.Error{Code: codeRequestFailed, Message: err.Error()}
		}
		if err := conn.ReplyWithError(ctx, req.ID, je); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
			s.log.Printf("reply to %s: %v", req.Method, err)
		}
		return
	}
	if err := conn.Reply(ctx, req.ID, result); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.log.Printf("reply to %s: %v", req.Method, err)
	}
}

func (s *Server) dispatch(conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("panic in %s: %v", req.Method, r) // one escaped line, then sortie's own stack
			io.WriteString(s.rawLog, esc.Lines(string(debug.Stack())))
			result, err = nil, &jsonrpc2.Error{Code: codeInternalError, Message: fmt.Sprintf("internal error in %s: %v", req.Method, r)}
		}
	}()
	params := json.RawMessage("null")
	if req.Params != nil {
		params = *req.Params
	}
	gctx := &glsp.Context{Method: req.Method, Params: params,
		Notify: func(method string, p any) { _ = conn.Notify(s.ctx, method, p) },
		Call: func(string, any, any) {
			// A call from a handler would wait for a reply that the read loop, busy in this
			// handler, could never read: handlers make none.
			panic("lsp: a handler called the client")
		}}
	if req.Method == protocol.MethodInitialize {
		s.noteInlayRefresh(params)
	}
	if req.Method == protocol.MethodExit {
		s.exitOnce.Do(func() { close(s.exited) })
		return nil, nil
	}
	if req.Method == methodInlayHint && s.h.IsInitialized() { // LSP 3.17, unknown to glsp (inlay.go)
		hints, err := s.inlayHints(params)
		if err != nil {
			return nil, &jsonrpc2.Error{Code: codeInvalidParams, Message: "invalid params: " + err.Error()}
		}
		return hints, nil
	}
	r, validMethod, validParams, err := s.h.Handle(gctx)
	switch {
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: codeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg += ": " + err.Error()
		}
		return nil, &jsonrpc2.Error{Code: codeInvalidParams, Message: msg}
	case err != nil && err.Error() == "server not initialized":
		if s.isShutdown() {
			return nil, &jsonrpc2.Error{Code: codeInvalidRequest, Message: "the server is shut down"}
		}
		return nil, &jsonrpc2.Error{Code: codeNotInitialized, Message: "server not initialized"}
	case err != nil:
		return nil, err
	}
	return r, nil
}

func (s *Server) isShutdown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown
}

func (s *Server) initialize(_ *glsp.Context, p *protocol.InitializeParams) (any, error) {
	if opts, ok := p.InitializationOptions.(map[string]any); ok {
		if u, ok := opts["explainURL"].(string); ok && u != "" {
			s.opts.ExplainURL = u
		}
	}
	yes := true
	sync := protocol.TextDocumentSyncKindIncremental
	caps := protocol.ServerCapabilities{
		TextDocumentSync: protocol.TextDocumentSyncOptions{OpenClose: &yes, Change: &sync,
			Save: protocol.SaveOptions{IncludeText: &yes}},
		HoverProvider:              true,
		DefinitionProvider:         true,
		ReferencesProvider:         true,
		RenameProvider:             protocol.RenameOptions{PrepareProvider: &yes},
		CompletionProvider:         &protocol.CompletionOptions{TriggerCharacters: []string{"\"", ":", " ", "[", ","}},
		CodeActionProvider:         protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}},
		DocumentFormattingProvider: true,
		DocumentSymbolProvider:     true,
		WorkspaceSymbolProvider:    true,
	}
	version := "devel"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		version = info.Main.Version
	}
	return initializeResult317{Capabilities: capabilities317{ServerCapabilities: caps, InlayHintProvider: true},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "sortie", Version: &version}}, nil
}

func (s *Server) shutdownReq(*glsp.Context) error {
	s.mu.Lock()
	s.shutdown = true
	s.stopLocked()
	s.mu.Unlock()
	return nil
}

// stopLocked stops every pending evaluation: none starts after it, and running ones are
// cancelled (their evaluators killed, their results dropped). s.mu is held.
func (s *Server) stopLocked() {
	for _, u := range s.units {
		if u.timer != nil {
			u.timer.Stop()
		}
		u.closed = true
		if u.cancel != nil {
			u.cancel()
		}
	}
}

// stopAll stops every pending evaluation and waits for the running ones to end.
func (s *Server) stopAll() {
	s.mu.Lock()
	s.stopLocked()
	s.mu.Unlock()
	s.wg.Wait()
}

// notify sends a notification (publishDiagnostics) from any goroutine.
func (s *Server) notify(method string, params any) {
	conn := s.conn.Load()
	if conn == nil {
		return
	}
	if err := conn.Notify(s.ctx, method, params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.log.Printf("notify %s: %v", method, err)
	}
}
