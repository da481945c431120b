package tsjs

import (
	"sort"
	"time"

	ts "github.com/tree-sitter/go-tree-sitter"
	tsjavascript "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tstypescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"

	"github.com/leasegate/leasegate/scanner"
)

// kind is the detector's own small enumeration of the node kinds it reads;
// every other named kind is kOther.
type kind uint8

const (
	kOther kind = iota
	kError
	kProgram
	kIdentifier
	kPropertyIdentifier
	kShorthandProperty
	kShorthandPropertyPattern
	kString
	kStringFragment
	kEscapeSequence
	kTemplateString
	kTemplateSubstitution
	kCall
	kNew
	kMember
	kSubscript
	kArguments
	kArray
	kObject
	kPair
	kSpread
	kBinary
	kParen
	kAsExpr
	kAwait
	kVariableDeclarator
	kAssignment
	kAugmentedAssignment
	kUpdate
	kImportStatement
	kImportClause
	kImportRequireClause
	kNamespaceImport
	kNamedImports
	kImportSpecifier
	kObjectPattern
	kPairPattern
	kArrayPattern
	kAssignmentPattern
	kObjectAssignmentPattern
	kRestPattern
	kTrue
	kFalse
	kNull
	kUndefined
	kNumber
	kArrow
	kFunction
	kFormalParameters
	kRequiredParameter
	kOptionalParameter
	kImport
	kForIn
	kCatch
	kClassDecl
	kTernary
	kSequence
	kReturn
	kStatementBlock
	kThis
	kField
	kComment
	kSkip // subtrees the detector never reads (types, regexes)
	kOperator
)

var kindNames = map[string]kind{
	"ERROR":                                 kError,
	"program":                               kProgram,
	"identifier":                            kIdentifier,
	"property_identifier":                   kPropertyIdentifier,
	"shorthand_property_identifier":         kShorthandProperty,
	"shorthand_property_identifier_pattern": kShorthandPropertyPattern,
	"string":                                kString,
	"string_fragment":                       kStringFragment,
	"escape_sequence":                       kEscapeSequence,
	"template_string":                       kTemplateString,
	"template_substitution":                 kTemplateSubstitution,
	"call_expression":                       kCall,
	"new_expression":                        kNew,
	"member_expression":                     kMember,
	"subscript_expression":                  kSubscript,
	"arguments":                             kArguments,
	"array":                                 kArray,
	"object":                                kObject,
	"pair":                                  kPair,
	"spread_element":                        kSpread,
	"binary_expression":                     kBinary,
	"parenthesized_expression":              kParen,
	"as_expression":                         kAsExpr,
	"satisfies_expression":                  kAsExpr,
	"non_null_expression":                   kAsExpr,
	"type_assertion":                        kAsExpr,
	"await_expression":                      kAwait,
	"variable_declarator":                   kVariableDeclarator,
	"assignment_expression":                 kAssignment,
	"augmented_assignment_expression":       kAugmentedAssignment,
	"update_expression":                     kUpdate,
	"import_statement":                      kImportStatement,
	"import_clause":                         kImportClause,
	"import_require_clause":                 kImportRequireClause,
	"namespace_import":                      kNamespaceImport,
	"named_imports":                         kNamedImports,
	"import_specifier":                      kImportSpecifier,
	"object_pattern":                        kObjectPattern,
	"pair_pattern":                          kPairPattern,
	"array_pattern":                         kArrayPattern,
	"assignment_pattern":                    kAssignmentPattern,
	"object_assignment_pattern":             kObjectAssignmentPattern,
	"rest_pattern":                          kRestPattern,
	"true":                                  kTrue,
	"false":                                 kFalse,
	"null":                                  kNull,
	"undefined":                             kUndefined,
	"number":                                kNumber,
	"arrow_function":                        kArrow,
	"function_declaration":                  kFunction,
	"function_expression":                   kFunction,
	"function":                              kFunction,
	"generator_function_declaration":        kFunction,
	"generator_function":                    kFunction,
	"method_definition":                     kFunction,
	"formal_parameters":                     kFormalParameters,
	"required_parameter":                    kRequiredParameter,
	"optional_parameter":                    kOptionalParameter,
	"import":                                kImport,
	"for_in_statement":                      kForIn,
	"catch_clause":                          kCatch,
	"class_declaration":                     kClassDecl,
	"ternary_expression":                    kTernary,
	"sequence_expression":                   kSequence,
	"return_statement":                      kReturn,
	"statement_block":                       kStatementBlock,
	"this":                                  kThis,
	"public_field_definition":               kField,
	"field_definition":                      kField,
	"comment":                               kComment,
	"html_comment":                          kComment,
	"regex":                                 kSkip,
	"type_annotation":                       kSkip,
	"type_arguments":                        kSkip,
	"type_parameters":                       kSkip,
	"interface_declaration":                 kSkip,
	"type_alias_declaration":                kSkip,
	"abstract_class_declaration":            kClassDecl,
}

// field is the detector's enumeration of the field names it reads.
type field uint8

const (
	fNone field = iota
	fName
	fValue
	fFunction
	fArguments
	fObject
	fProperty
	fLeft
	fRight
	fOperator
	fKey
	fSource
	fAlias
	fConstructor
	fPattern
	fParameter
	fParameters
	fBody
	fIndex
	fArgument
	fKind
	fConsequence
	fAlternative
	fMember
)

var fieldNames = map[string]field{
	"name": fName, "value": fValue, "function": fFunction, "arguments": fArguments,
	"object": fObject, "property": fProperty, "left": fLeft, "right": fRight,
	"operator": fOperator, "key": fKey, "source": fSource, "alias": fAlias,
	"constructor": fConstructor, "pattern": fPattern, "parameter": fParameter,
	"parameters": fParameters, "body": fBody, "index": fIndex, "argument": fArgument,
	"kind": fKind, "consequence": fConsequence, "alternative": fAlternative, "member": fMember,
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

var (
	grammarTS  = newGrammar(ts.NewLanguage(tstypescript.LanguageTypescript()))
	grammarTSX = newGrammar(ts.NewLanguage(tstypescript.LanguageTSX()))
	grammarJS  = newGrammar(ts.NewLanguage(tsjavascript.Language()))
)

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

func (t *tree) children(i int32) []int32 {
	var out []int32
	for c := t.nodes[i].first; c != none; c = t.nodes[c].next {
		out = append(out, c)
	}
	return out
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
