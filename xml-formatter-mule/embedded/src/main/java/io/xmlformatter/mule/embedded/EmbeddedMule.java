package io.xmlformatter.mule.embedded;

import org.mule.api.MuleContext;
import org.mule.api.config.ConfigurationBuilder;
import org.mule.config.DefaultMuleConfiguration;
import org.mule.config.builders.SimpleConfigurationBuilder;
import org.mule.config.spring.SpringXmlConfigurationBuilder;
import org.mule.context.DefaultMuleContextBuilder;
import org.mule.context.DefaultMuleContextFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** An embedded Mule 3.9 runtime started from a configuration on the class path, with properties for its ${...}. */
public final class EmbeddedMule implements AutoCloseable {
    private final MuleContext context;

    private EmbeddedMule(MuleContext context) {
        this.context = context;
    }

    /**
     * Starts Mule with one configuration.
     *
     * @param config the Mule XML configuration's class path resource
     * @param properties values for its {@code ${...}} placeholders
     */
    public static EmbeddedMule start(String config, Map<String, String> properties) throws Exception {
        Properties p = new Properties();
        p.putAll(properties);
        List<ConfigurationBuilder> builders = new ArrayList<>();
        builders.add(new SimpleConfigurationBuilder(p));
        builders.add(new SpringXmlConfigurationBuilder(config));
        DefaultMuleConfiguration configuration = new DefaultMuleConfiguration();
        configuration.setWorkingDirectory("target/.mule"); // Mule's queue and object stores
        DefaultMuleContextBuilder contextBuilder = new DefaultMuleContextBuilder();
        contextBuilder.setMuleConfiguration(configuration);
        MuleContext context = new DefaultMuleContextFactory().createMuleContext(builders, contextBuilder);
        context.start();
        return new EmbeddedMule(context);
    }

    /** A bean of the application's registry, of the given type. */
    public <T> T bean(String name, Class<T> type) {
        T bean = type.cast(context.getRegistry().lookupObject(name));
        if (bean == null) {
            throw new IllegalStateException("no bean " + name);
        }
        return bean;
    }

    /** Stops and disposes of Mule (its Spring beans are destroyed). */
    @Override
    public void close() {
        context.dispose();
    }
}
