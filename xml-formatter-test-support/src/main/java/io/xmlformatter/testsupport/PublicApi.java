package io.xmlformatter.testsupport;

import io.xmlformatter.Internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A module's public API as its compiled classes ({@code target/classes}) have it: the public types (top-level, and
 * public members of them) and their public and protected members. A type is either API — listed in the module's
 * {@code src/test/resources/public-api.txt}, one binary name a line — or marked {@link Internal}; no API signature
 * (a supertype, a field's type, a parameter, a return or an exception) names an internal type.
 */
public final class PublicApi {
    private final List<Class<?>> types = new ArrayList<>();

    private PublicApi(Path classes) {
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList())) {
                String name = classes.relativize(f).toString().replace(".class", "").replace('/', '.')
                        .replace('\\', '.');
                if (name.endsWith("package-info") || name.endsWith("module-info")) {
                    continue;
                }
                Class<?> c = Class.forName(name, false, PublicApi.class.getClassLoader());
                if (isPublicType(c)) {
                    types.add(c);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Fails unless the API types of the module built in the working directory are exactly those it lists and no
     * API signature names an internal type; prints its counts of API types and members. Nothing is checked in
     * another module's directory (one that runs {@code module}'s tests against another version of a runtime).
     */
    public static void check(String module) {
        Path here = Paths.get("").toAbsolutePath();
        if (!here.getFileName().toString().equals(module)) { // a module that runs this one's tests on another line
            return;
        }
        check(module, here);
    }

    /** {@link #check(String)} of the module in {@code dir} (its classes on this class path). */
    public static void check(String module, Path dir) {
        PublicApi api = new PublicApi(dir.resolve("target").resolve("classes"));
        Set<String> types = api.apiTypes();
        Path file = dir.resolve("src/test/resources/public-api.txt");
        if (Boolean.getBoolean("xf.write-api")) { // to list the API as built, then read the difference in review
            write(file, types);
        }
        Set<String> listed = listed(file);
        if (!types.equals(listed)) {
            Set<String> unlisted = new TreeSet<>(types);
            unlisted.removeAll(listed);
            Set<String> gone = new TreeSet<>(listed);
            gone.removeAll(types);
            throw new AssertionError(module + ": public types neither listed in src/test/resources/public-api.txt "
                    + "nor @Internal: " + unlisted + "; listed but not public API: " + gone);
        }
        List<String> leaks = api.internalTypesInApiSignatures();
        if (!leaks.isEmpty()) {
            throw new AssertionError(module + ": API signatures that name internal types: " + leaks);
        }
        System.out.println(module + " public API: " + types.size() + " types, " + api.apiMembers() + " members");
    }

    private static boolean isPublicType(Class<?> c) {
        for (Class<?> t = c; t != null; t = t.getDeclaringClass()) {
            if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass()) {
                return false;
            }
        }
        return true;
    }

    private static boolean internal(Class<?> c) {
        for (Class<?> t = c; t != null; t = t.getDeclaringClass()) {
            if (t.isAnnotationPresent(Internal.class)) {
                return true;
            }
        }
        return false;
    }

    /** The public types that are API (not marked internal), by binary name. */
    private Set<String> apiTypes() {
        return types.stream().filter(c -> !internal(c)).map(Class::getName)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static void write(Path file, Set<String> types) {
        List<String> lines = new ArrayList<>();
        lines.add("# The public API: one type a line; every other public type is @Internal (PublicApiTest).");
        lines.addAll(types);
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The names listed in {@code file}, one a line ({@code #} starts a comment); none when it is missing. */
    private static Set<String> listed(Path file) {
        if (!Files.exists(file)) {
            return new TreeSet<>();
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8)
                    .stream().map(l -> l.replaceAll("#.*", "").trim()).filter(l -> !l.isEmpty())
                    .collect(Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The public and protected members of the API types: constructors, methods and fields they declare. */
    private int apiMembers() {
        int n = 0;
        for (Class<?> c : types) {
            if (!internal(c)) {
                n += members(c).size();
            }
        }
        return n;
    }

    /** Every API signature that names an internal type of this project, as "type.member: internal type". */
    private List<String> internalTypesInApiSignatures() {
        List<String> found = new ArrayList<>();
        for (Class<?> c : types) {
            if (internal(c)) {
                continue;
            }
            List<Type> supers = new ArrayList<>(Arrays.asList(c.getGenericInterfaces()));
            supers.add(c.getGenericSuperclass());
            check(c.getName() + " (supertypes)", supers, found);
            for (Object m : members(c)) {
                check(c.getName() + "." + name(m), signature(m), found);
            }
        }
        return found;
    }

    private static void check(String where, List<Type> signature, List<String> found) {
        for (Type t : signature) {
            List<Class<?>> named = new ArrayList<>();
            classesIn(t, named);
            for (Class<?> n : named) {
                if (n.getName().startsWith("io.xmlformatter.") && internal(n)) {
                    found.add(where + ": " + n.getName());
                }
            }
        }
    }

    /** The classes {@code t} names: itself, its type arguments, bounds of wildcards, components of arrays. */
    private static void classesIn(Type t, List<Class<?>> into) {
        if (t instanceof Class) {
            Class<?> c = (Class<?>) t;
            into.add(c.isArray() ? c.getComponentType() : c);
        } else if (t instanceof ParameterizedType) {
            classesIn(((ParameterizedType) t).getRawType(), into);
            for (Type a : ((ParameterizedType) t).getActualTypeArguments()) {
                classesIn(a, into);
            }
        } else if (t instanceof GenericArrayType) {
            classesIn(((GenericArrayType) t).getGenericComponentType(), into);
        } else if (t instanceof WildcardType) {
            for (Type b : ((WildcardType) t).getUpperBounds()) {
                classesIn(b, into);
            }
            for (Type b : ((WildcardType) t).getLowerBounds()) {
                classesIn(b, into);
            }
        } // a type variable: its bounds are read where it is declared
    }

    private static List<Object> members(Class<?> c) {
        List<Object> all = new ArrayList<>();
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            if (visible(k.getModifiers()) && !k.isSynthetic() && !k.isAnnotationPresent(Internal.class)) {
                all.add(k);
            }
        }
        for (Method m : c.getDeclaredMethods()) {
            if (visible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()
                    && !m.isAnnotationPresent(Internal.class)) {
                all.add(m);
            }
        }
        for (Field f : c.getDeclaredFields()) {
            if (visible(f.getModifiers()) && !f.isSynthetic() && !f.isAnnotationPresent(Internal.class)) {
                all.add(f);
            }
        }
        return all;
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static String name(Object member) {
        return member instanceof Constructor ? "<init>" : member instanceof Method ? ((Method) member).getName()
                : ((Field) member).getName();
    }

    private static List<Type> signature(Object member) {
        List<Type> s = new ArrayList<>();
        if (member instanceof Field) {
            s.add(((Field) member).getGenericType());
        } else if (member instanceof Method) {
            Method m = (Method) member;
            s.add(m.getGenericReturnType());
            s.addAll(Arrays.asList(m.getGenericParameterTypes()));
            s.addAll(Arrays.asList(m.getGenericExceptionTypes()));
        } else {
            Constructor<?> k = (Constructor<?>) member;
            s.addAll(Arrays.asList(k.getGenericParameterTypes()));
            s.addAll(Arrays.asList(k.getGenericExceptionTypes()));
        }
        return s;
    }
}
