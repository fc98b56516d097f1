/*  engine.pl: the part of the Prolog grading driver every game shares.

    The grader writes one driver per game: this file, then the game's part
    (src/grade/go/driver.pl, src/grade/madbishops/driver.pl), as one
    module, whose name (asalto_prolog_driver here) it replaces by the
    game's with a random suffix.  This part starts SWI-Prolog's side of the
    protocol: the options (--time, --stretch, --inferences, --load-time,
    --load-inferences, --stack-limit, --lenient-load, --graded,
    --adapter), loading the student file (and the adapter) under limits,
    the load messages, `fatal` lines, the hello line's common fields, the
    query loop, running each goal under the CPU-time and inference limits
    with its output counted and dropped, the answer lines other than `ok`,
    and text escaping.  Go's part documents the whole protocol, LIMITS and
    WHAT THE PROGRAM CANNOT DO (they hold for every game).

    A game's part defines:

        assignment_predicate(?Name/Arity)   the predicates asked
        game_loaded(+Module, +Stats)        after loading: emit hello/4
        parse_query(+Words, -Query)         a query line, split
        query_problem(+Words, -Text)        why one could not be read
        arg_ok(+Key, +Text), arg_expect(+Key, -Text)
        answer(+Query)                      answer it (one line)
        check_answer(+Kind, +Answer, -Payload), describe_bad(+Kind, +Answer, -Text)
        ok_line(+Payload, +Id, +Stats, -Line)

    --adapter=FILE loads FILE, after the student file and under the same
    limits, into the module asalto_adapter: a predicate of the assignment
    that the adapter defines is graded as the adapter's (it calls the
    student's own as user:Name(...)).
*/

:- module(asalto_prolog_driver, []).

:- use_module(library(time)).
:- use_module(library(readutil)).
:- use_module(library(prolog_stream)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(library(pairs)).

:- initialization(main, main).

%   Halting safely with library(time) loaded.  In SWI-Prolog 9.0.4 (and
%   its sources since) the alarm scheduler thread leaves its loop holding
%   the library's mutex, and the library's halt hook sets the loop's stop
%   flag before it takes that mutex to wake the scheduler.  When the
%   scheduler wakes in between, on a wake-up still pending from the last
%   alarm installed or removed (more likely on a loaded machine), it quits
%   holding the mutex and the halt waits for it forever: the process never
%   exits, every thread asleep, no CPU time.  So before the library's
%   hook runs, this one removes the alarm of a query still running and
%   waits until every other thread is asleep (the scheduler parked, its
%   wake-ups consumed); then only the halt's own wake-up reaches it, after
%   the halt holds the mutex.
:- at_halt(asalto_prolog_driver:settle_alarms).

:- multifile user:message_hook/3.

%   The student's calls of halt/0,1 are compiled as calls of
%   student_halt/0, which records the attempt and fails.  (An at_halt/1
%   hook that cancels the halt would also cancel the halt that a SIGTERM
%   asks for.)
:- multifile user:goal_expansion/2.
user:goal_expansion(halt, asalto_prolog_driver:student_halt) :-
    loading_student_source.
user:goal_expansion(halt(_), asalto_prolog_driver:student_halt) :-
    loading_student_source.
%   abort/0 throws '$aborted', which catch/3 hands on again after its
%   recovery goal: it would end the driver.
user:goal_expansion(abort, asalto_prolog_driver:student_abort) :-
    loading_student_source.

loading_student_source :-
    nb_current('asalto_prolog_driver.loading', true),
    prolog_load_context(source, File),
    current_prolog_flag(home, Home),
    \+ sub_atom(File, 0, _, _, Home).

%   Records the compiler's messages while the student file loads.
user:message_hook(Term, Kind, Lines) :-
    nb_current('asalto_prolog_driver.loading', true),
    ( Kind == error ; Kind == warning ),
    catch(record_load_message(Term, Kind, Lines), _, true),
    fail.

                 /*******************************
                 *            MAIN              *
                 *******************************/

main :-
    catch(main_, E, driver_failed(E)).

driver_failed(E) :-
    (   catch(message_text(E, Text), _, fail)
    ->  true
    ;   Text = "unprintable exception"
    ),
    string_concat("the driver failed: ", Text, M),
    fatal('driver-error', M, 2).

main_ :-
    % The exit status is ours to set, whatever the program printed.
    set_prolog_flag(on_error, print),
    set_prolog_flag(on_warning, print),
    setup_streams,
    current_prolog_flag(argv, Argv),
    (   catch(parse_args(Argv, Opts, File), usage(Msg), true)
    ->  true
    ;   Msg = "cannot read the arguments"
    ),
    (   nonvar(Msg)
    ->  fatal(usage, Msg, 2)
    ;   true
    ),
    apply_options(Opts),
    load_student(File),
    serve,
    halt(0).

%   The driver keeps the real standard input and output for itself and
%   hands the program harmless ones.
setup_streams :-
    stream_property(In, alias(user_input)),
    stream_property(Out, alias(user_output)),
    stream_property(Err, alias(user_error)),
    set_stream(In, encoding(utf8)),
    set_stream(Out, encoding(utf8)),
    nb_setval('asalto_prolog_driver.in', In),
    nb_setval('asalto_prolog_driver.out', Out),
    nb_setval('asalto_prolog_driver.err', Err),
    open_string("", Empty),
    set_stream(Empty, alias(user_input)),
    set_input(Empty),
    set_stream(Err, alias(user_output)),
    set_output(Err),
    nb_setval('asalto_prolog_driver.busy', false),
    nb_setval('asalto_prolog_driver.loading', false),
    nb_setval('asalto_prolog_driver.fired', false),
    nb_setval('asalto_prolog_driver.halts', 0),
    nb_setval('asalto_prolog_driver.alarm', none),
    nb_setval('asalto_prolog_driver.rung', []),
    nb_setval('asalto_prolog_driver.capture', none),
    nb_setval('asalto_prolog_driver.shims', []),
    nb_setval('asalto_prolog_driver.libraries', []).

                 /*******************************
                 *          ARGUMENTS           *
                 *******************************/

parse_args(Argv, Opts, File) :-
    Defaults = opts{time: 5, inferences: 50000000, load_time: 10,
                    load_inferences: 100000000, stack_mib: 256,
                    lenient: false, graded: [], stretch: 4,
                    adapter: none},
    parse_args(Argv, Defaults, Opts, [], Files),
    (   Files = [File]
    ->  true
    ;   Files == []
    ->  throw(usage("no student file given (swipl driver.pl -- [OPTION...] STUDENT.pl)"))
    ;   throw(usage("more than one student file given"))
    ).

parse_args([], O, O, Fs, Files) :-
    reverse(Fs, Files).
parse_args([A|As], O0, O, Fs, Files) :-
    (   sub_atom(A, 0, _, _, '--')
    ->  option_arg(A, O0, O1),
        parse_args(As, O1, O, Fs, Files)
    ;   parse_args(As, O0, O, [A|Fs], Files)
    ).

option_arg('--lenient-load', O0, O) :- !,
    O = O0.put(lenient, true).
option_arg(A, O0, O) :-
    atom_concat('--adapter=', File, A),
    !,
    O = O0.put(adapter, File).
option_arg(A, O0, O) :-
    atom_concat('--graded=', Spec, A),
    !,
    (   graded_spec(Spec, G)
    ->  append(O0.graded, [G], Gs),
        O = O0.put(graded, Gs)
    ;   format(string(M),
               "--graded needs PREDICATE/ARITY:NAME:ORDER (finDelJuego/3:puntajeFinal:1,3,2), not `~w'",
               [Spec]),
        throw(usage(M))
    ).
option_arg(A, O0, O) :-
    atomic_list_concat([Name, Value], '=', A),
    option_key(Name, Key, Type),
    !,
    (   atom_number(Value, N), number_ok(Type, N)
    ->  O = O0.put(Key, N)
    ;   format(string(M), "~w needs a ~w, not `~w'", [Name, Type, Value]),
        throw(usage(M))
    ).
option_arg(A, _, _) :-
    format(string(M), "unknown option ~w", [A]),
    throw(usage(M)).

option_key('--time', time, 'number of seconds').
option_key('--inferences', inferences, 'whole number').
option_key('--load-time', load_time, 'number of seconds').
option_key('--load-inferences', load_inferences, 'whole number').
option_key('--stack-limit', stack_mib, 'number of MiB').
option_key('--stretch', stretch, 'number at least 1').

%   finDelJuego/3:puntajeFinal:1,3,2 -> candidate(finDelJuego/3, puntajeFinal,
%   [1,3,2]): a predicate of the assignment, a plain atom, and a
%   permutation of 1..Arity (which of the assignment's arguments goes in
%   each place of the student's predicate).
graded_spec(Spec, candidate(Name/Arity, Student, Order)) :-
    atomic_list_concat([PI, Student, OrderA], ':', Spec),
    atomic_list_concat([Name, ArityA], '/', PI),
    atom_number(ArityA, Arity),
    assignment_predicate(Name/Arity),
    atom_codes(Student, [C|Cs]),
    code_type(C, lower),
    forall(member(X, Cs), ( code_type(X, alnum) ; X == 0'_ )),
    atomic_list_concat(Parts, ',', OrderA),
    maplist(atom_number, Parts, Order),
    numlist(1, Arity, All),
    msort(Order, All).

number_ok('whole number', N) :- !, integer(N), N >= 0.
number_ok('number of MiB', N) :- !, integer(N), N >= 16.
number_ok('number at least 1', N) :- !, N >= 1.
number_ok(_, N) :- N >= 0.

apply_options(Opts) :-
    nb_setval('asalto_prolog_driver.time', Opts.time),
    nb_setval('asalto_prolog_driver.stretch', Opts.stretch),
    nb_setval('asalto_prolog_driver.inferences', Opts.inferences),
    nb_setval('asalto_prolog_driver.load_time', Opts.load_time),
    nb_setval('asalto_prolog_driver.load_inferences', Opts.load_inferences),
    nb_setval('asalto_prolog_driver.lenient', Opts.lenient),
    nb_setval('asalto_prolog_driver.candidates', Opts.graded),
    nb_setval('asalto_prolog_driver.adapter', Opts.adapter),
    Bytes is Opts.stack_mib * 1024 * 1024,
    set_prolog_flag(stack_limit, Bytes).

                 /*******************************
                 *           LOADING            *
                 *******************************/

load_student(File) :-
    (   absolute_file_name(File, Abs,
                           [file_type(prolog), access(read), file_errors(fail)]),
        \+ exists_directory(Abs)
    ->  true
    ;   format(string(M), "cannot read the student file ~w", [File]),
        fatal('missing-file', M, 2)
    ),
    file_base_name(Abs, Base),
    nb_setval('asalto_prolog_driver.file', Abs-Base),
    source_encoding(Abs, Encoding),
    nb_setval('asalto_prolog_driver.encoding', Encoding),
    nb_setval('asalto_prolog_driver.load_warnings', 0),
    nb_setval('asalto_prolog_driver.load_errors', 0),
    nb_setval('asalto_prolog_driver.syntax_errors', 0),
    nb_setval('asalto_prolog_driver.first_error', none),
    nb_setval('asalto_prolog_driver.first_warning', none),
    nb_setval('asalto_prolog_driver.first_syntax', none),
    nb_getval('asalto_prolog_driver.load_time', Secs),
    nb_getval('asalto_prolog_driver.load_inferences', Infs),
    nb_setval('asalto_prolog_driver.loading', true),
    run_limited(load_files(user:Abs, [if(true), encoding(Encoding)]),
                Secs, Infs, Result, Stats),
    nb_setval('asalto_prolog_driver.loading', false),
    check_loaded(Result),
    student_module(Abs, Module),
    nb_setval('asalto_prolog_driver.module', Module),
    install_shims(Module),
    load_adapter,
    resolve_graded,
    game_loaded(Module, Stats).

%   --adapter=FILE: the teacher's clauses that define predicates of the
%   assignment in terms of the student's, loaded after the student file,
%   under the same limits, into a module of their own (see the header);
%   a predicate they define is graded as theirs.
load_adapter :-
    nb_getval('asalto_prolog_driver.adapter', File),
    (   File == none
    ->  true
    ;   (   absolute_file_name(File, Abs,
                               [file_type(prolog), access(read), file_errors(fail)]),
            \+ exists_directory(Abs)
        ->  true
        ;   format(string(M), "cannot read the adapter ~w", [File]),
            fatal('missing-file', M, 2)
        ),
        nb_getval('asalto_prolog_driver.load_time', Secs),
        nb_getval('asalto_prolog_driver.load_inferences', Infs),
        nb_setval('asalto_prolog_driver.loading', true),
        run_limited(load_files(asalto_prolog_driver_adapter:Abs, [if(true)]),
                    Secs, Infs, Result, _),
        nb_setval('asalto_prolog_driver.loading', false),
        check_loaded(Result)
    ).

check_loaded(timeout(time)) :- !,
    nb_getval('asalto_prolog_driver.load_time', Secs),
    format(string(M), "loading took more than ~w s", [Secs]),
    fatal('load-timeout', M, 1).
check_loaded(timeout(inferences)) :- !,
    nb_getval('asalto_prolog_driver.load_inferences', Infs),
    format(string(M),
           "loading used more than ~d inferences (a directive that does not end?)",
           [Infs]),
    fatal('load-timeout', M, 1).
check_loaded(exception(E)) :- !,
    message_text(E, Text),
    fatal('load-error', Text, 1).
check_loaded(_) :-
    nb_getval('asalto_prolog_driver.syntax_errors', N),
    nb_getval('asalto_prolog_driver.lenient', Lenient),
    (   N > 0, Lenient == false
    ->  nb_getval('asalto_prolog_driver.first_syntax', First),
        (   N > 1
        ->  format(string(M), "~w (and ~d more syntax errors)", [First, N])
        ;   M = First
        ),
        fatal('syntax-error', M, 1)
    ;   true
    ).

record_load_message(Term, Kind, Lines) :-
    lines_text(Lines, Text0),
    located_text(Text0, Text),
    (   Term = error(syntax_error(_), _)
    ->  nb_getval('asalto_prolog_driver.syntax_errors', S0),
        S is S0 + 1,
        nb_setval('asalto_prolog_driver.syntax_errors', S),
        (   S0 =:= 0
        ->  nb_setval('asalto_prolog_driver.first_syntax', Text)
        ;   true
        )
    ;   true
    ),
    note_load_message(Kind, Text).

note_load_message(error, Text) :-
    nb_getval('asalto_prolog_driver.load_errors', N0),
    N is N0 + 1,
    nb_setval('asalto_prolog_driver.load_errors', N),
    (   nb_getval('asalto_prolog_driver.first_error', none)
    ->  nb_setval('asalto_prolog_driver.first_error', Text)
    ;   true
    ).
note_load_message(warning, Text) :-
    nb_getval('asalto_prolog_driver.load_warnings', N0),
    N is N0 + 1,
    nb_setval('asalto_prolog_driver.load_warnings', N),
    (   nb_getval('asalto_prolog_driver.first_warning', none)
    ->  nb_setval('asalto_prolog_driver.first_warning', Text)
    ;   true
    ).

%   Messages name the file by its absolute path; the report names it by
%   its base name, and gives the line being loaded when the message does
%   not say where it comes from.
located_text(Text0, Text) :-
    nb_getval('asalto_prolog_driver.file', Abs-Base),
    format(string(Quoted), "'~w'", [Abs]),
    replace_all(Text0, Quoted, Base, Text1),
    replace_all(Text1, Abs, Base, Text2),
    (   sub_string(Text2, _, _, _, Base)
    ->  Text = Text2
    ;   source_location(_, Line)
    ->  format(string(Text), "~w:~d: ~w", [Base, Line, Text2])
    ;   Text = Text2
    ).

replace_all(Text, Old, New, Result) :-
    atomic_list_concat(Parts, Old, Text),
    atomic_list_concat(Parts, New, Atom),
    atom_string(Atom, Result).

%   UTF-8 when the file is valid UTF-8, else Latin-1 (files written on
%   Windows by Spanish speakers).  Not left to the locale: the grader may
%   run swipl with an empty environment, where it would be ASCII.
source_encoding(Abs, Encoding) :-
    (   catch(read_file_to_codes(Abs, Bytes, [encoding(octet)]), _, fail),
        \+ phrase(utf8_text, Bytes)
    ->  Encoding = iso_latin_1
    ;   Encoding = utf8
    ).

utf8_text --> [].
utf8_text --> utf8_char, !, utf8_text.

utf8_char --> [B], { B < 0x80 }, !.
utf8_char --> [B], { B >= 0xC2, B =< 0xDF }, !, cont.
utf8_char --> [B], { B >= 0xE0, B =< 0xEF }, !, cont, cont.
utf8_char --> [B], { B >= 0xF0, B =< 0xF4 }, !, cont, cont, cont.

cont --> [B], { B >= 0x80, B =< 0xBF }.

student_module(Abs, Module) :-
    (   module_property(M, file(Abs))
    ->  Module = M
    ;   Module = user
    ).

%   Which predicate of the file answers each predicate of the assignment:
%   its candidates (--graded, in order; without any, the assignment's own
%   name and order) are tried in turn, and the first the file defines is
%   kept as graded(PI, Module, Name, Order).  Real submissions name the
%   score otherwise (terminarJuego/3, white first, ...): a teacher who
%   accepts that says so with --graded, and hello's renamed= says which
%   was graded.
resolve_graded :-
    nb_getval('asalto_prolog_driver.candidates', Given),
    findall(G, resolved(Given, G), Graded),
    nb_setval('asalto_prolog_driver.graded', Graded).

resolved(Given, graded(PI, M, Name, Order)) :-
    assignment_predicate(PI),
    PI = _/Arity,
    once(( candidate_for(PI, Given, candidate(_, Name, Order)),
           student_pred(Name/Arity, M) )).

candidate_for(PI, Given, C) :-
    (   memberchk(candidate(PI, _, _), Given)
    ->  member(C, Given),
        C = candidate(PI, _, _)
    ;   PI = Name/Arity,
        numlist(1, Arity, Order),
        C = candidate(PI, Name, Order)
    ).

%   The goal of the file that answers the assignment's Goal0: its
%   predicate and module, the arguments in its order.
graded_goal(Goal0, M:Goal) :-
    functor(Goal0, Name0, Arity),
    nb_getval('asalto_prolog_driver.graded', Graded),
    memberchk(graded(Name0/Arity, M, Name, Order), Graded),
    Goal0 =.. [_|Args0],
    pick_args(Order, Args0, Args),
    Goal =.. [Name|Args].

pick_args([], _, []).
pick_args([I|Is], Args0, [A|As]) :-
    nth1(I, Args0, A),
    pick_args(Is, Args0, As).

graded_defined(PI) :-
    nb_getval('asalto_prolog_driver.graded', Graded),
    memberchk(graded(PI, _, _, _), Graded).

%   The predicate is looked up in the file's module first, then in user
%   (a module file may still define clauses as user:goMove(...)).
student_pred(Name/Arity, Module) :-
    nb_getval('asalto_prolog_driver.module', M),
    functor(Head, Name, Arity),
    (   predicate_property(asalto_prolog_driver_adapter:Head, defined),
        \+ predicate_property(asalto_prolog_driver_adapter:Head, imported_from(_))
    ->  Module = asalto_prolog_driver_adapter
    ;   current_predicate(M:Name/Arity)
    ->  Module = M
    ;   current_predicate(user:Name/Arity)
    ->  Module = user
    ).

%!  hello(+Driver, +Fields, +Module, +Stats)
%   The hello line: the game's protocol (go/1, madbishops/1), the game's
%   own fields (Go's cells= and empty_board=) after swipl=, then the
%   fields every game has.
hello(Driver, Fields, Module, Stats) :-
    findall(P, ( assignment_predicate(P), graded_defined(P) ), Ps),
    (   Ps == []
    ->  PText = none
    ;   maplist(term_to_atom, Ps, As),
        atomic_list_concat(As, ',', PText)
    ),
    renamed_field(Renamed0),
    shims_field(Shims),
    atom_concat(Renamed0, Shims, Renamed),
    current_prolog_flag(version, V),
    Major is V // 10000, Minor is V // 100 mod 100, Patch is V mod 100,
    nb_getval('asalto_prolog_driver.load_warnings', W),
    nb_getval('asalto_prolog_driver.load_errors', E),
    nb_getval('asalto_prolog_driver.encoding', Enc),
    format(string(Line),
           "hello driver=~w swipl=~d.~d.~d ~w module=~w predicates=~w encoding=~w out=~d load_us=~d load_warnings=~d load_errors=~d~w",
           [Driver, Major, Minor, Patch, Fields, Module, PText, Enc,
            Stats.out, Stats.us, W, E, Renamed]),
    (   nb_getval('asalto_prolog_driver.first_error', First), First \== none
    ->  message_field(First, Line, Full)
    ;   nb_getval('asalto_prolog_driver.first_warning', First), First \== none
    ->  message_field(First, Line, Full)
    ;   Full = Line
    ),
    emit(Full).

%   ` renamed=PI:NAME:ORDER;...` for the predicates graded under a name or
%   an argument order that is not the assignment's; nothing when none is.
renamed_field(Field) :-
    nb_getval('asalto_prolog_driver.graded', Graded),
    findall(T, ( member(graded(PI, _, Name, Order), Graded),
                 PI = Own/Arity,
                 \+ ( Name == Own, numlist(1, Arity, Order) ),
                 atomic_list_concat(Order, ',', OrderA),
                 format(atom(T), "~w:~w:~w", [PI, Name, OrderA]) ),
            Ts),
    (   Ts == []
    ->  Field = ''
    ;   atomic_list_concat(Ts, ';', List),
        atom_concat(' renamed=', List, Field)
    ).

message_field(Text, Line0, Line) :-
    escape_text(Text, Esc),
    format(string(Line), "~w message=~w", [Line0, Esc]).

fatal(Code, Text, Status) :-
    escape_text(Text, Esc),
    format(string(Line), "fatal ~w message=~w", [Code, Esc]),
    emit(Line),
    halt(Status).

                 /*******************************
                 *        SICSTUS SHIMS         *
                 *******************************/

%   Programs written for SICStus Prolog load libraries SWI-Prolog lacks or
%   has with fewer predicates.  While the student file loads, such a
%   `:- use_module(library(L))` is rewritten: library(between) (between/3
%   is built in) is dropped; library(system), library(random) and
%   library(lists) load SWI-Prolog's own; and once the file is loaded the
%   SICStus predicates of those libraries that SWI-Prolog lacks and the
%   file does not define are added to its module (now/1, datime/1;
%   setrand/1, getrand/1; substitute/4, nth/3, nth/4).  hello's
%   ` shims=between,system` names the libraries shimmed: dropped, or with
%   a predicate added.
:- multifile user:term_expansion/2.
user:term_expansion((:- use_module(library(Lib))), Out) :-
    loading_student_source,
    atom(Lib),
    sicstus_library(Lib, Out0),
    note_library(Lib),
    Out = Out0.
user:term_expansion((:- use_module(library(Lib), Imports)), Out) :-
    loading_student_source,
    atom(Lib),
    sicstus_library(Lib, _),
    note_library(Lib),
    (   Lib == between
    ->  Out = []
    ;   Out = (:- use_module(library(Lib), Imports))
    ).

sicstus_library(between, []).
sicstus_library(system, (:- use_module(library(system)))).
sicstus_library(random, (:- use_module(library(random)))).
sicstus_library(lists, (:- use_module(library(lists)))).

%   The libraries asked for; between is shimmed at once (dropped).
note_library(Lib) :-
    nb_getval('asalto_prolog_driver.libraries', Libs),
    (   memberchk(Lib, Libs)
    ->  true
    ;   append(Libs, [Lib], New),
        nb_setval('asalto_prolog_driver.libraries', New)
    ),
    (   Lib == between
    ->  note_shim(between)
    ;   true
    ).

note_shim(Lib) :-
    nb_getval('asalto_prolog_driver.shims', Libs),
    (   memberchk(Lib, Libs)
    ->  true
    ;   append(Libs, [Lib], New),
        nb_setval('asalto_prolog_driver.shims', New)
    ).

%   The SICStus predicates of each library that SWI-Prolog lacks.
shim_predicate(system, now(_), sicstus_now).
shim_predicate(system, datime(_), sicstus_datime).
shim_predicate(random, setrand(_), sicstus_setrand).
shim_predicate(random, getrand(_), sicstus_getrand).
shim_predicate(lists, substitute(_, _, _, _), sicstus_substitute).
shim_predicate(lists, nth(_, _, _), sicstus_nth).
shim_predicate(lists, nth(_, _, _, _), sicstus_nth).

%   A predicate is added when the file's text calls it (Name followed by
%   `(`) and does not define it; its library is then reported as shimmed.
install_shims(Module) :-
    nb_getval('asalto_prolog_driver.libraries', Libs),
    nb_getval('asalto_prolog_driver.file', Abs-_),
    (   catch(read_file_to_string(Abs, Source, []), _, fail)
    ->  true
    ;   Source = ""
    ),
    forall(( member(Lib, Libs),
             shim_predicate(Lib, Head, Impl),
             functor(Head, Name, Arity),
             format(string(Call), "~w(", [Name]),
             sub_string(Source, _, _, _, Call),
             \+ current_predicate(Module:Name/Arity),
             \+ predicate_property(Module:Head, defined) ),
           ( Head =.. [_|Args],
             Body =.. [Impl|Args],
             catch(( assertz((Module:Head :- asalto_prolog_driver:Body)),
                     note_shim(Lib) ), _, true) )).

:- public sicstus_now/1, sicstus_datime/1, sicstus_setrand/1,
   sicstus_getrand/1, sicstus_substitute/4, sicstus_nth/3, sicstus_nth/4.
sicstus_now(T) :-
    get_time(F),
    T is integer(F).
sicstus_datime(datime(Y, Mo, D, H, Mi, S)) :-
    get_time(F),
    stamp_date_time(F, date(Y, Mo, D, H, Mi, S0, _, _, _), local),
    S is integer(S0).
sicstus_setrand(_).
sicstus_getrand(0).
sicstus_substitute(_, [], _, []).
sicstus_substitute(X, [Y|Ys], Z, [W|Ws]) :-
    (   X == Y -> W = Z ; W = Y ),
    sicstus_substitute(X, Ys, Z, Ws).
sicstus_nth(N, L, X) :-
    nth1(N, L, X).
sicstus_nth(N, L, X, R) :-
    nth1(N, L, X, R).

%   ` shims=between,system` when some library was shimmed.
shims_field(Field) :-
    nb_getval('asalto_prolog_driver.shims', Libs),
    (   Libs == []
    ->  Field = ''
    ;   atomic_list_concat(Libs, ',', List),
        atom_concat(' shims=', List, Field)
    ).

                 /*******************************
                 *       RUNNING THE PROGRAM    *
                 *******************************/

%!  run_limited(:Goal, +Secs, +Inferences, -Result, -Stats) is det.
%
%   Runs Goal once with the program's output counted and discarded, a
%   repeating wall-clock alarm and an inference limit (0 = none).  Result
%   is true, false, exception(E), timeout(time) or timeout(inferences).
%   Stats is a dict: out (characters printed), us, inferences.
run_limited(Goal, Secs, Infs, Result, Stats) :-
    % A fresh counting stream each time: the program may close its output
    % (told/0), and the count survives that.
    nb_setval('asalto_prolog_driver.out_count', 0),
    open_prolog_stream(asalto_prolog_driver, write, Null, []),
    nb_getval('asalto_prolog_driver.err', Err),
    nb_setval('asalto_prolog_driver.fired', false),
    nb_setval('asalto_prolog_driver.halts', 0),
    statistics(inferences, I0),
    statistics(cputime, C0),
    get_time(T0),
    catch(setup_call_cleanup(start_limits(Secs, Null),
                             inference_limited(Goal, Infs, R0),
                             stop_limits(Err)),
          E, R0 = exception(E)),
    get_time(T1),
    statistics(cputime, C1),
    statistics(inferences, I1),
    catch(close(Null), _, true),
    nb_getval('asalto_prolog_driver.out_count', Out),
    nb_getval('asalto_prolog_driver.fired', Fired),
    nb_getval('asalto_prolog_driver.halts', Halts),
    Inf is I1 - I0,
    (   Fired == true
    ->  Result = timeout(time)
    ;   Infs > 0, Inf >= Infs
    ->  Result = timeout(inferences)      % also when the program swallowed it
    ;   Halts > 0, R0 \== true
    ->  Result = exception(called_halt)
    ;   Result = R0
    ),
    Us is round((T1 - T0) * 1000000),
    CpuUs is max(0, round((C1 - C0) * 1000000)),
    Stats = stats{out: Out, us: Us, cpu_us: CpuUs, inferences: Inf}.

%   The program's output stream: counts the characters and drops them.
:- public stream_write/2, stream_close/1.
stream_write(_Stream, String) :-
    string_length(String, L),
    nb_getval('asalto_prolog_driver.out_count', C0),
    C is C0 + L,
    nb_setval('asalto_prolog_driver.out_count', C),
    (   nb_current('asalto_prolog_driver.capture', Got),
        string(Got),
        string_length(Got, GL),
        GL < 16000
    ->  string_concat(Got, String, New),
        nb_setval('asalto_prolog_driver.capture', New)
    ;   true
    ).

%!  run_captured(:Goal, +Secs, +Inferences, -Result, -Stats, -Text)
%   As run_limited/5, and Text is what the goal printed (its first 16000
%   characters or so): for a predicate whose output is graded.
run_captured(Goal, Secs, Infs, Result, Stats, Text) :-
    nb_setval('asalto_prolog_driver.capture', ""),
    run_limited(Goal, Secs, Infs, Result, Stats),
    nb_getval('asalto_prolog_driver.capture', Text),
    nb_setval('asalto_prolog_driver.capture', none).

stream_close(_Stream).

start_limits(Secs, Null) :-
    set_output(Null),
    nb_setval('asalto_prolog_driver.busy', true),
    statistics(cputime, C0),
    get_time(T0),
    nb_setval('asalto_prolog_driver.limit', limit(Secs, C0, T0)),
    nb_setval('asalto_prolog_driver.ring', C0-T0),
    nb_setval('asalto_prolog_driver.rung', []),
    (   Secs > 0
    ->  alarm(Secs, asalto_prolog_driver:on_alarm, Id, [install(false)]),
        nb_setval('asalto_prolog_driver.alarm', Id),
        install_alarm(Id)
    ;   nb_setval('asalto_prolog_driver.alarm', none)
    ).

stop_limits(Err) :-
    nb_setval('asalto_prolog_driver.busy', false),
    nb_getval('asalto_prolog_driver.alarm', Id),
    nb_setval('asalto_prolog_driver.alarm', none),
    (   Id == none
    ->  true
    ;   catch(remove_alarm(Id), _, true)
    ),
    nb_getval('asalto_prolog_driver.rung', Rung),
    nb_setval('asalto_prolog_driver.rung', []),
    forall(member(R, Rung), catch(remove_alarm(R), _, true)),
    set_output(Err).

%   At a ring, a query that is busy but short of a core waits on
%   (LIMITS, in the header).  Once the limit fired, the alarm fires again
%   0.25 s later for as long as the goal runs, so a program that
%   swallowed one time_limit_exceeded gets another.
:- public on_alarm/0.
on_alarm :-
    (   nb_getval('asalto_prolog_driver.busy', true),
        nb_getval('asalto_prolog_driver.fired', false),
        statistics(cputime, C),
        get_time(T),
        nb_getval('asalto_prolog_driver.limit', limit(Secs, C0, T0)),
        nb_getval('asalto_prolog_driver.ring', CR-TR),
        nb_getval('asalto_prolog_driver.stretch', Stretch),
        time_left(Secs, Stretch, C - C0, T - T0, C - CR, T - TR, Left)
    ->  nb_setval('asalto_prolog_driver.ring', C-T),
        wait_on(Left)
    ;   nb_getval('asalto_prolog_driver.busy', true)
    ->  nb_setval('asalto_prolog_driver.fired', true),
        nb_getval('asalto_prolog_driver.alarm', Id),
        (   Id == none
        ->  true
        ;   catch(install_alarm(Id, 0.25), _, true)
        ),
        throw(time_limit_exceeded)
    ;   true
    ).

inference_limited(Goal, 0, R) :- !,
    (   call(Goal)
    ->  R = true
    ;   R = false
    ).
inference_limited(Goal, Infs, R) :-
    (   call_with_inference_limit(Goal, Infs, R1)
    ->  (   R1 == inference_limit_exceeded
        ->  R = timeout(inferences)
        ;   R = true
        )
    ;   R = false
    ).

%   A new alarm: library(time) marks the one ringing as done when its
%   handler returns (a handler that throws, as the one that fires the
%   limit does, may install itself again).  The old ones are removed when
%   the query ends.
wait_on(Left) :-
    nb_getval('asalto_prolog_driver.alarm', Old),
    (   Old == none
    ->  true
    ;   alarm(Left, asalto_prolog_driver:on_alarm, New, [install(false)]),
        nb_getval('asalto_prolog_driver.rung', Rung),
        nb_setval('asalto_prolog_driver.rung', [Old|Rung]),
        nb_setval('asalto_prolog_driver.alarm', New),
        install_alarm(New)
    ).

%!  time_left(+Secs, +Stretch, +Used, +Wall, +Recent, +Since, -Left) is semidet.
%
%   At a ring of the alarm of a query limited to Secs of CPU time and
%   Stretch * Secs by the wall clock, which used Used s of CPU time in
%   Wall s, and Recent s of it in the last Since s: how long to wait on.
%   Fails (the limit fires) when it used its time, reached the wall
%   clock's cap, or had the CPU for less than a tenth of the last Since
%   (asleep).  At least 0.05 s, so that the next ring measures something.
time_left(Secs, Stretch, Used0, Wall0, Recent0, Since0, Left) :-
    Used is Used0, Wall is Wall0, Recent is Recent0, Since is Since0,
    Cap is Secs * Stretch,
    Used < Secs,
    Wall < Cap,
    Recent >= Since / 10,
    Left is max(0.05, min(Secs - Used, Cap - Wall)).

:- public student_abort/0.
student_abort :-
    throw(asalto_student_abort).

:- public student_halt/0.
student_halt :-
    nb_getval('asalto_prolog_driver.halts', N0),
    N is N0 + 1,
    nb_setval('asalto_prolog_driver.halts', N),
    (   nb_current('asalto_prolog_driver.loading', true)
    ->  note_load_message(warning, "called halt/1 while loading (refused)")
    ;   true
    ),
    fail.

%   At most 2 s (2000 checks), and nothing when /proc cannot be read.
:- public settle_alarms/0.
settle_alarms :-
    catch(settle_alarms_, _, true).

settle_alarms_ :-
    (   nb_current('asalto_prolog_driver.alarm', Id), Id \== none
    ->  nb_setval('asalto_prolog_driver.alarm', none),
        catch(remove_alarm(Id), _, true)
    ;   true
    ),
    thread_self(Me),
    thread_property(Me, system_thread_id(Own)),
    others_asleep(Own, 2000).

others_asleep(Own, N) :-
    (   N =< 0
    ->  true
    ;   forall(( other_task(Own, Tid), task_state(Tid, State) ), State == 'S')
    ->  true
    ;   sleep(0.001),
        N1 is N - 1,
        others_asleep(Own, N1)
    ).

other_task(Own, Tid) :-
    directory_files('/proc/self/task', Names),
    member(Name, Names),
    atom_number(Name, Tid),
    Tid =\= Own.

%   The state letter of a thread: the field after the name, which ends at
%   the last `)`.
task_state(Tid, State) :-
    format(atom(F), '/proc/self/task/~w/stat', [Tid]),
    catch(read_file_to_string(F, S, []), _, fail),
    aggregate_all(max(B), sub_string(S, B, 1, _, ")"), Close),
    At is Close + 2,
    sub_atom(S, At, 1, _, State).

                 /*******************************
                 *           QUERIES            *
                 *******************************/

serve :-
    nb_getval('asalto_prolog_driver.in', In),
    repeat,
    catch(read_line_to_string(In, Line0), _, Line0 = end_of_file),
    (   Line0 == end_of_file
    ->  !
    ;   split_string(Line0, "", "\r\n", [Line]),
        (   Line == "quit"
        ->  !
        ;   catch(handle_line(Line), E, internal_error(Line, E)),
            fail
        )
    ).

internal_error(Line, E) :-
    line_id(Line, Id),
    message_text(E, Text),
    string_concat("driver error: ", Text, Msg),
    escape_text(Msg, Esc),
    format(string(Out), "invalid ~w message=~w", [Id, Esc]),
    emit(Out).

line_id(Line, Id) :-
    split_string(Line, " ", "", Parts),
    (   Parts = [_, Id0|_], Id0 \== ""
    ->  Id = Id0
    ;   Id = "-"
    ).

handle_line(Line) :-
    split_string(Line, " ", "", Parts0),
    exclude(==(""), Parts0, Parts),
    (   parse_query(Parts, Query)
    ->  answer(Query)
    ;   Parts == []
    ->  invalid("-", "empty line")
    ;   (   Parts = [_, Id|_]
        ->  true
        ;   Id = "-"
        ),
        query_problem(Parts, Problem),
        invalid(Id, Problem)
    ).

invalid(Id, Text) :-
    escape_text(Text, Esc),
    format(string(Out), "invalid ~w message=~w", [Id, Esc]),
    emit(Out).

arg_problem([K-V|KVs], P) :-
    (   arg_ok(K, V)
    ->  arg_problem(KVs, P)
    ;   arg_expect(K, Want),
        format(string(P), "~w must be ~w, not `~w'", [K, Want, V])
    ).

int_arg(S, N) :-
    string_length(S, L),
    L =< 9,
    catch(number_string(N, S), _, fail),
    integer(N).

%   A predicate of the assignment that the file does not define.  The
%   message lists what it defines instead, so that a report can tell a
%   predicate written under another name or arity (real submissions call
%   the score terminarJuego/3, contarPuntaje/3, ..., or add an argument
%   to goMove) from one never written: the same name with other arities
%   first, then the predicates of the same arity (exported ones first),
%   at most 8.  The grader asks only for the assignment's name, and the
%   names given with --graded.
missing(Id, PI) :-
    defined_instead(PI, Others),
    (   Others == []
    ->  format(string(Out), "missing ~w predicate=~w", [Id, PI])
    ;   atomic_list_concat(Others, ', ', Text),
        escape_text(Text, Esc),
        format(string(Out), "missing ~w predicate=~w message=~w", [Id, PI, Esc])
    ),
    emit(Out).

defined_instead(Name/Arity, Others) :-
    nb_getval('asalto_prolog_driver.module', M),
    findall(PI, ( student_own(M, N, A), N == Name, A =\= Arity,
                  pi_text(N, A, PI) ),
            Same0),
    msort(Same0, Same),
    findall(Rank-PI, ( student_own(M, N, A), A =:= Arity, N \== Name,
                       \+ assignment_predicate(N/A),
                       export_rank(M, N, A, Rank),
                       pi_text(N, A, PI) ),
            Ranked0),
    msort(Ranked0, Ranked),
    pairs_values(Ranked, Like),
    append(Same, Like, All),
    length(All, Count),
    (   Count > 8
    ->  length(Shown, 8),
        append(Shown, _, All),
        More is Count - 8,
        format(atom(Tail), "and ~d more", [More]),
        append(Shown, [Tail], Others)
    ;   Others = All
    ).

%   Defined by clauses of the student's file (not imported, not ours).
student_own(M, N, A) :-
    nb_getval('asalto_prolog_driver.file', Abs-_),
    current_predicate(M:N/A),
    functor(H, N, A),
    \+ predicate_property(M:H, imported_from(_)),
    predicate_property(M:H, file(Abs)).

export_rank(M, N, A, Rank) :-
    functor(H, N, A),
    (   predicate_property(M:H, exported)
    ->  Rank = 0
    ;   Rank = 1
    ).

pi_text(N, A, Text) :-
    format(atom(Text), "~q/~d", [N, A]).

limits(Secs, Infs) :-
    nb_getval('asalto_prolog_driver.time', Secs),
    nb_getval('asalto_prolog_driver.inferences', Infs).

styles(strings, [strings]).
styles(atoms, [atoms]).
styles(auto, Styles) :-
    nb_getval('asalto_prolog_driver.cells', Detected),
    (   Detected == unknown
    ->  Styles = [strings, atoms]
    ;   Styles = [Detected]
    ).

%   Tries the representations in turn until one gives ok; reports that one,
%   or else the first attempt.
attempt(Styles, Builder, Kind, Id) :-
    attempt_each(Styles, Builder, Kind, Outcomes),
    length(Outcomes, Tries),
    (   member(O, Outcomes), O = outcome(ok, _, Style, _)
    ->  Reported = O,
        learn_style(Styles, Style)
    ;   Outcomes = [Reported|_]
    ),
    report(Id, Reported, Tries).

%   Each query runs in a snapshot: what it asserts or retracts is undone
%   when it ends, so that every query finds the program as it was loaded.
%   Real submissions keep state in dynamic predicates (the points ever
%   played, a `checked/1` mark of a region search); between queries about
%   unrelated positions that state would make answers depend on the order
%   of the queries, and no plain `swipl` session could reproduce them.
%   (Global variables, nb_setval/2, are not undone.)
:- meta_predicate isolated(0).
:- if(predicate_property(system:snapshot(_), defined)).
isolated(Goal) :-
    snapshot(Goal).
:- else.
%   SWI-Prolog before 8.3 has no transactions: queries then share state.
isolated(Goal) :-
    call(Goal).
:- endif.

attempt_each([], _, _, []).
attempt_each([Style|Styles], Builder, Kind, [O|Os]) :-
    call(Builder, Style, Goal, Answer),
    limits(Secs, Infs),
    run_limited(isolated(Goal), Secs, Infs, R, Stats),
    outcome(Kind, R, Answer, Style, Stats, O),
    (   O = outcome(ok, _, _, _)
    ->  Os = []
    ;   attempt_each(Styles, Builder, Kind, Os)
    ).

%   Under auto with an unknown representation, the first one that gives an
%   ok is kept for the rest of the run.
learn_style([_], _) :- !.
learn_style(_, Style) :-
    nb_setval('asalto_prolog_driver.cells', Style).

%!  outcome(+Kind, +Result, +Answer, +Style, +Stats, -Outcome)
%   Outcome = outcome(Status, Payload, Style, Stats).
outcome(Kind, true, Answer, Style, Stats, O) :- !,
    (   catch(check_answer(Kind, Answer, Payload), _, fail)
    ->  O = outcome(ok, Payload, Style, Stats)
    ;   describe_bad(Kind, Answer, Why),
        O = outcome(bad, Why, Style, Stats)
    ).
outcome(_, false, _, Style, Stats, outcome(fail, none, Style, Stats)).
outcome(_, timeout(Limit), _, Style, Stats, outcome(timeout, Limit, Style, Stats)).
outcome(_, exception(E), _, Style, Stats, outcome(error, Text, Style, Stats)) :-
    message_text(E, Text).

report(Id, outcome(Status, Payload, Style, Stats), Tries) :-
    format(string(S), "cells=~w tries=~d out=~d us=~d cpu_us=~d inferences=~d",
           [Style, Tries, Stats.out, Stats.us, Stats.cpu_us, Stats.inferences]),
    report_line(Status, Payload, Id, S, Line),
    emit(Line).

report_line(ok, Payload, Id, S, L) :-
    ok_line(Payload, Id, S, L).
report_line(fail, _, Id, S, L) :-
    format(string(L), "fail ~w ~w", [Id, S]).
report_line(timeout, Limit, Id, S, L) :-
    format(string(L), "timeout ~w ~w limit=~w", [Id, S, Limit]).
report_line(error, Text, Id, S, L) :-
    escape_text(Text, Esc),
    format(string(L), "error ~w ~w message=~w", [Id, S, Esc]).
report_line(bad, Text, Id, S, L) :-
    escape_text(Text, Esc),
    format(string(L), "bad ~w ~w message=~w", [Id, S, Esc]).

term_text(T, Text) :-
    catch(format(string(Text0), "~W",
                 [T, [quoted(true), max_depth(8), portray(false)]]),
          _, Text0 = "(unprintable term)"),
    cap(Text0, 80, Text).

                 /*******************************
                 *             TEXT             *
                 *******************************/

message_text(called_halt, "called halt/1 (refused)") :- !.
message_text(asalto_student_abort, "called abort/0") :- !.
message_text(E, Text) :-
    catch(( '$messages':translate_message(E, Lines, []),
            lines_text(Lines, Text0)
          ), _, fail),
    Text0 \== "",
    !,
    Text = Text0.
message_text(E, Text) :-
    term_text(E, T),
    format(string(Text), "exception ~w", [T]).

lines_text(Lines, Text) :-
    catch(with_output_to(string(Text0),
                         print_message_lines(current_output, '', Lines)),
          _, fail),
    !,
    split_string(Text0, "", "\n ", [Text]).
lines_text(_, "(unprintable message)").

cap(Text, Max, Capped) :-
    string_length(Text, L),
    (   L =< Max
    ->  Capped = Text
    ;   sub_string(Text, 0, Max, _, Head),
        string_concat(Head, "...", Capped)
    ).

%   At most 240 characters of the original, then `...`; printable ASCII
%   as is, `\\ \n \r \t`, and \u{HEX} for anything else.
escape_text(Text0, Esc) :-
    escape_text(Text0, 240, Esc).

escape_text(Text0, Max, Esc) :-
    (   string(Text0) -> Text = Text0 ; format(string(Text), "~w", [Text0]) ),
    string_codes(Text, Codes0),
    length(Codes0, L),
    (   L > Max
    ->  length(Head, Max),
        append(Head, _, Codes0),
        Cut = true
    ;   Head = Codes0,
        Cut = false
    ),
    phrase(escaped(Head), EscCodes),
    string_codes(Esc0, EscCodes),
    (   Cut == true
    ->  string_concat(Esc0, "...", Esc)
    ;   Esc = Esc0
    ).

escaped([]) --> [].
escaped([C|Cs]) --> escaped_code(C), escaped(Cs).

escaped_code(0'\\) --> !, "\\\\".
escaped_code(0'\n) --> !, "\\n".
escaped_code(0'\r) --> !, "\\r".
escaped_code(0'\t) --> !, "\\t".
escaped_code(C) --> { C >= 0x20, C =< 0x7e }, !, [C].
escaped_code(C) -->
    { format(codes(Hex), "~16r", [C]) },
    "\\u{", Hex, "}".

emit(Line) :-
    nb_getval('asalto_prolog_driver.out', Out),
    format(Out, "~w~n", [Line]),
    flush_output(Out).
