package python

import (
	"sort"
	"time"

	ts "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/leasegate/leasegate/scanner"
)

// kind is the detector's own small enumeration of the node kinds it reads;
// every other named kind is kOther.
type kind uint8

const (
	kOther kind = iota
	kError
	kModule
	kIdentifier
	kString
	kStringStart
	kStringContent
	kInterpolation
	kEscapeInterpolation
	kConcatenatedString
	kCall
	kArgumentList
	kKeywordArgument
	kAttribute
	kSubscript
	kList
	kTuple
	kDictionary
	kPair
	kListSplat
	kDictionarySplat
	kParen
	kBinary
	kBoolean
	kConditional
	kAwait
	kAssignment
	kAugmentedAssignment
	kImport
	kImportFrom
	kAliasedImport
	kDottedName
	kRelativeImport
	kWildcardImport
	kTrue
	kFalse
	kNone
	kInteger
	kFloat
	kFunction
	kClass
	kParameters
	kDefaultParameter
	kTypedParameter
	kTypedDefaultParameter
	kListSplatPattern
	kDictionarySplatPattern
	kFor
	kForIn
	kAsPatternTarget
	kNamedExpression
	kPatternList
	kTuplePattern
	kListPattern
	kExpressionList
	kLambda
	kReturn
	kComment
	kSkip
	kOperator
)

var kindNames = map[string]kind{
	"ERROR":                    kError,
	"module":                   kModule,
	"identifier":               kIdentifier,
	"string":                   kString,
	"string_start":             kStringStart,
	"string_content":           kStringContent,
	"interpolation":            kInterpolation,
	"escape_interpolation":     kEscapeInterpolation,
	"concatenated_string":      kConcatenatedString,
	"call":                     kCall,
	"argument_list":            kArgumentList,
	"keyword_argument":         kKeywordArgument,
	"attribute":                kAttribute,
	"subscript":                kSubscript,
	"list":                     kList,
	"tuple":                    kTuple,
	"dictionary":               kDictionary,
	"pair":                     kPair,
	"list_splat":               kListSplat,
	"dictionary_splat":         kDictionarySplat,
	"parenthesized_expression": kParen,
	"binary_operator":          kBinary,
	"boolean_operator":         kBoolean,
	"conditional_expression":   kConditional,
	"await":                    kAwait,
	"assignment":               kAssignment,
	"augmented_assignment":     kAugmentedAssignment,
	"import_statement":         kImport,
	"import_from_statement":    kImportFrom,
	"future_import_statement":  kSkip,
	"aliased_import":           kAliasedImport,
	"dotted_name":              kDottedName,
	"relative_import":          kRelativeImport,
	"wildcard_import":          kWildcardImport,
	"true":                     kTrue,
	"false":                    kFalse,
	"none":                     kNone,
	"integer":                  kInteger,
	"float":                    kFloat,
	"function_definition":      kFunction,
	"class_definition":         kClass,
	"parameters":               kParameters,
	"lambda_parameters":        kParameters,
	"default_parameter":        kDefaultParameter,
	"typed_parameter":          kTypedParameter,
	"typed_default_parameter":  kTypedDefaultParameter,
	"list_splat_pattern":       kListSplatPattern,
	"dictionary_splat_pattern": kDictionarySplatPattern,
	"for_statement":            kFor,
	"for_in_clause":            kForIn,
	"as_pattern_target":        kAsPatternTarget,
	"named_expression":         kNamedExpression,
	"pattern_list":             kPatternList,
	"tuple_pattern":            kTuplePattern,
	"list_pattern":             kListPattern,
	"expression_list":          kExpressionList,
	"lambda":                   kLambda,
	"return_statement":         kReturn,
	"comment":                  kComment,
	"type":                     kSkip,
}

// field is the detector's enumeration of the field names it reads.
type field uint8

const (
	fNone field = iota
	fName
	fAlias
	fModuleName
	fFunction
	fArguments
	fObject
	fAttribute
	fValue
	fSubscript
	fLeft
	fRight
	fOperator
	fKey
	fExpression
	fParameters
	fBody
)

var fieldNames = map[string]field{
	"name": fName, "alias": fAlias, "module_name": fModuleName, "function": fFunction,
	"arguments": fArguments, "object": fObject, "attribute": fAttribute, "value": fValue,
	"subscript": fSubscript, "left": fLeft, "right": fRight, "operator": fOperator,
	"key": fKey, "expression": fExpression, "parameters": fParameters, "body": fBody,
}

// grammar is one tree-sitter language with the tables that map its node
// kind and field ids onto the detector's enumerations, and a free list of
// parsers so each worker reuses one.
type grammar struct {
	lang    *ts.Language
	kinds   []kind
	keep    []bool // named kinds are kept in the flat tree
	fields  []field
	parsers chan *ts.Parser
}

const errorSymbol = 0xFFFF

func newGrammar(lang *ts.Language) *grammar {
	g := &grammar{lang: lang, parsers: make(chan *ts.Parser, 64)}
	n := int(g.lang.NodeKindCount())
	g.kinds = make([]kind, n)
	g.keep = make([]bool, n)
	for id := 0; id < n; id++ {
		name := g.lang.NodeKindForId(uint16(id))
		named := g.lang.NodeKindIsNamed(uint16(id))
		if k, ok := kindNames[name]; ok && named {
			g.kinds[id] = k
		}
		g.keep[id] = named
	}
	nf := int(g.lang.FieldCount())
	g.fields = make([]field, nf+1)
	for id := 1; id <= nf; id++ {
		g.fields[id] = fieldNames[g.lang.FieldNameForId(uint16(id))]
	}
	return g
}

var grammarPython = newGrammar(ts.NewLanguage(tspython.Language()))

func (g *grammar) getParser() *ts.Parser {
	select {
	case p := <-g.parsers:
		return p
	default:
	}
	p := ts.NewParser()
	if err := p.SetLanguage(g.lang); err != nil {
		p.Close()
		panic(err) // the grammars are pinned and ABI-compatible
	}
	return p
}

func (g *grammar) putParser(p *ts.Parser) {
	p.Reset()
	select {
	case g.parsers <- p:
	default:
		p.Close()
	}
}

// parseBudget bounds the time one file may spend in the parser; a file
// that exceeds it is reported unparseable rather than stalling the scan.
const parseBudget = 30 * time.Second

// chunk is how many bytes the parser is handed per read: the binding copies
// each chunk into C memory until the parse ends, so handing it the whole
// rest of the file on every read would cost quadratic memory on re-reads.
const chunk = 64 << 10

// A parsed tree costs the C library about 100 bytes per node, some 130
// times the size of a minified file; files above bigFile are parsed one at
// a time so that several large bundles never sit in memory together.
const bigFile = 1 << 20

var bigParses = make(chan struct{}, 1)

// parse parses src into the flat tree. ok is false when the parser gave up
// (time budget).
func (g *grammar) parse(src []byte, t *tree) (ok bool) {
	if len(src) > bigFile {
		bigParses <- struct{}{}
		defer func() { <-bigParses }()
	}
	p := g.getParser()
	defer g.putParser(p)
	// The parser's own clock enforces the budget, so no Go callback runs
	// during the parse except the chunk reads.
	//lint:ignore SA1019 the native clock check is pinned in v0.25.0; the suggested progress callback costs a cgo callback every 100 parser operations
	p.SetTimeoutMicros(uint64(parseBudget / time.Microsecond))
	tt := p.ParseWithOptions(func(i int, _ ts.Point) []byte {
		if i >= len(src) {
			return nil
		}
		end := i + chunk
		if end > len(src) {
			end = len(src)
		}
		return src[i:end]
	}, nil, nil)
	if tt == nil {
		return false
	}
	defer tt.Close()
	t.build(tt, g)
	return true
}

// node is one kept syntax node in the flat tree: named nodes and the
// anonymous tokens that fill a field (operators).
type node struct {
	start, end          uint32
	parent, first, next int32
	kind                kind
	field               field
}

// tree is a syntax tree copied out of tree-sitter into Go memory, so the
// analysis never crosses cgo.
type tree struct {
	src      []byte
	nodes    []node
	hasError bool
	lines    []int
}

const none = -1

// build copies the tree with one iterative cursor walk.
func (t *tree) build(tt *ts.Tree, g *grammar) {
	c := tt.Walk()
	defer c.Close()
	t.nodes = t.nodes[:0]
	// parents[d] is the kept ancestor for cursor depth d; last[d] its last
	// kept child so far.
	parents := []int32{none}
	last := []int32{none}
	for {
		n := c.Node()
		id := n.KindId()
		fid := c.FieldId()
		var k kind
		keep := false
		if id == errorSymbol {
			k, keep = kError, true
			t.hasError = true
		} else if int(id) < len(g.kinds) {
			k, keep = g.kinds[id], g.keep[id]
		}
		f := fNone
		if int(fid) < len(g.fields) {
			f = g.fields[fid]
		}
		if f != fNone {
			keep = true
		}
		if k == kComment || k == kSkip {
			keep = false
		}
		top := parents[len(parents)-1]
		cur := top
		if keep {
			if f == fOperator {
				k = kOperator
			}
			idx := int32(len(t.nodes))
			t.nodes = append(t.nodes, node{start: uint32(n.StartByte()), end: uint32(n.EndByte()), parent: top, first: none, next: none, kind: k, field: f})
			if l := last[len(last)-1]; l != none {
				t.nodes[l].next = idx
			} else if top != none {
				t.nodes[top].first = idx
			}
			last[len(last)-1] = idx
			cur = idx
		}
		if k != kComment && k != kSkip && c.GotoFirstChild() {
			parents = append(parents, cur)
			last = append(last, none)
			continue
		}
		for !c.GotoNextSibling() {
			if !c.GotoParent() {
				return
			}
			parents = parents[:len(parents)-1]
			last = last[:len(last)-1]
		}
	}
}

func (t *tree) text(i int32) string {
	n := &t.nodes[i]
	return string(t.src[n.start:n.end])
}

// is reports whether node i's text equals s, without allocating.
func (t *tree) is(i int32, s string) bool {
	n := &t.nodes[i]
	return int(n.end-n.start) == len(s) && string(t.src[n.start:n.end]) == s
}

// child returns the first child of i with field f, or none.
func (t *tree) child(i int32, f field) int32 {
	if i == none {
		return none
	}
	for c := t.nodes[i].first; c != none; c = t.nodes[c].next {
		if t.nodes[c].field == f {
			return c
		}
	}
	return none
}

// childKind returns the first child of i of kind k, or none.
func (t *tree) childKind(i int32, k kind) int32 {
	for c := t.nodes[i].first; c != none; c = t.nodes[c].next {
		if t.nodes[c].kind == k {
			return c
		}
	}
	return none
}

func (t *tree) pos(i int32) scanner.Pos { return t.posAt(int(t.nodes[i].start)) }

func (t *tree) posAt(off int) scanner.Pos {
	if t.lines == nil {
		t.lines = append(t.lines, 0)
		for j, b := range t.src {
			if b == '\n' {
				t.lines = append(t.lines, j+1)
			}
		}
	}
	l := sort.Search(len(t.lines), func(k int) bool { return t.lines[k] > off }) - 1
	if l < 0 {
		l = 0
	}
	return scanner.Pos{Line: l + 1, Column: off - t.lines[l] + 1}
}
